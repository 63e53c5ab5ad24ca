import type { HelpRequest } from '@dealradar/shared/contracts/account';
import type { AppDeps } from '../../deps.ts';
import { isUuid } from '../../lib/uuid.ts';
import { conflict, notFound } from '../../errors/app-error.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { helpAnswerMessage } from './help.emails.ts';
import { answerHelpRequest, findHelpRequest, insertHelpRequest, listHelpRequests, listHelpRequestsOfUser, type HelpRequestRow } from './help.repository.ts';

/** The admin table shows at most this many requests; a user sees at most this many of their own. */
export const HELP_LIST_LIMIT = 1000;

export function toHelpRequest(row: HelpRequestRow): HelpRequest {
  return {
    id: row.id,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    senderUsername: row.senderUsername,
    sender: { username: row.senderUsername },
    answer: row.answer,
    answeredAt: row.answeredAt ? row.answeredAt.toISOString() : null,
  };
}

export async function sendHelpRequest(deps: Pick<AppDeps, 'db' | 'clock'>, user: CurrentUser, message: string): Promise<HelpRequest> {
  return toHelpRequest(await insertHelpRequest(deps.db, user.id, message, deps.clock.now()));
}

export async function listAllHelpRequests(deps: Pick<AppDeps, 'db'>): Promise<HelpRequest[]> {
  return (await listHelpRequests(deps.db, HELP_LIST_LIMIT)).map(toHelpRequest);
}

/** GET /help/mine: the user's own messages with the answers. */
export async function listOwnHelpRequests(deps: Pick<AppDeps, 'db'>, user: CurrentUser): Promise<HelpRequest[]> {
  return (await listHelpRequestsOfUser(deps.db, user.id, HELP_LIST_LIMIT)).map(toHelpRequest);
}

/**
 * POST /help/:id/answer (admin): stores the answer (once; a second answer is refused so the user never gets two
 * different e-mails for one question) and e-mails it. The answer counts even when the e-mail fails: the user sees it
 * under Help, and the admin is told the e-mail did not go out.
 */
export async function answerRequest(
  deps: Pick<AppDeps, 'clock' | 'config' | 'db' | 'log' | 'mailer'>,
  admin: CurrentUser,
  id: string,
  answer: string,
): Promise<{ message: string; request: HelpRequest; emailSent: boolean }> {
  const answered = isUuid(id) ? await answerHelpRequest(deps.db, id, answer, admin.id, deps.clock.now()) : undefined;
  if (!answered) {
    if (isUuid(id) && (await findHelpRequest(deps.db, id))) throw conflict('This request has already been answered.');
    throw notFound('Help request not found.');
  }
  const request = toHelpRequest(answered);
  try {
    await deps.mailer.send(
      helpAnswerMessage({ email: answered.senderEmail, username: answered.senderUsername }, deps.config.APP_URL, { message: answered.message, answer }),
    );
  } catch (error) {
    deps.log.error({ err: (error as Error).message, helpRequestId: id }, 'help answer e-mail could not be sent');
    return { message: `The answer is saved and shown to ${answered.senderUsername} under Help, but the e-mail could not be sent.`, request, emailSent: false };
  }
  return { message: `Answer sent to ${answered.senderUsername} by e-mail.`, request, emailSent: true };
}
