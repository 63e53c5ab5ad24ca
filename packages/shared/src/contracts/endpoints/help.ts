import { helpAnswerBodySchema, helpAnswerResponseSchema, helpBodySchema, helpRequestListSchema, helpRequestSchema } from '../account.ts';
import { endpoint, idParams } from '../endpoint.ts';

const tag = 'help';

/** SPEC §7 POST/GET /help, plus the user's own requests and the admin's answer. */
export const helpApi = {
  send: endpoint({
    method: 'POST',
    path: '/help',
    access: 'user',
    tag,
    summary: 'Send a message to support.',
    body: helpBodySchema,
    responses: { 201: helpRequestSchema },
  }),
  listAll: endpoint({
    method: 'GET',
    path: '/help',
    access: 'admin',
    tag,
    summary: 'Every help request, newest first.',
    responses: { 200: helpRequestListSchema },
  }),
  listMine: endpoint({
    method: 'GET',
    path: '/help/mine',
    access: 'user',
    tag,
    summary: "The user's own help requests and their answers.",
    responses: { 200: helpRequestListSchema },
  }),
  answer: endpoint({
    method: 'POST',
    path: '/help/:id/answer',
    access: 'admin',
    tag,
    summary: 'Answer a help request (e-mailed to the user and shown under Help).',
    params: idParams,
    body: helpAnswerBodySchema,
    responses: { 200: helpAnswerResponseSchema },
  }),
} as const;
