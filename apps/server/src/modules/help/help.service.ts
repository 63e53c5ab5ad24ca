import type { HelpRequest } from '@dealradar/shared/contracts/account';
import type { AppDeps } from '../../deps.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { insertHelpRequest, listHelpRequests, type HelpRequestRow } from './help.repository.ts';

/** The admin table shows at most this many requests. */
export const HELP_LIST_LIMIT = 1000;

export function toHelpRequest(row: HelpRequestRow): HelpRequest {
  return {
    id: row.id,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    senderUsername: row.senderUsername,
    sender: { username: row.senderUsername },
  };
}

export async function sendHelpRequest(deps: Pick<AppDeps, 'db' | 'clock'>, user: CurrentUser, message: string): Promise<HelpRequest> {
  return toHelpRequest(await insertHelpRequest(deps.db, user.id, message, deps.clock.now()));
}

export async function listAllHelpRequests(deps: Pick<AppDeps, 'db'>): Promise<HelpRequest[]> {
  return (await listHelpRequests(deps.db, HELP_LIST_LIMIT)).map(toHelpRequest);
}
