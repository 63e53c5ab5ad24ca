import { z } from 'zod';
import { endpoint } from '../endpoint.ts';

/** The API's own description. The browsable reference is GET /api/docs (HTML, not an API call). */
export const docsApi = {
  openApi: endpoint({
    method: 'GET',
    path: '/openapi.json',
    access: 'public',
    tag: 'docs',
    summary: 'This OpenAPI 3.1 document, generated from the contracts.',
    responses: { 200: z.unknown().describe('The OpenAPI 3.1 document.') },
  }),
} as const;
