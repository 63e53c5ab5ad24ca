import type { Db } from '../../db/client.ts';

export interface HelpRequestRow {
  id: string;
  message: string;
  createdAt: Date;
  senderUsername: string;
  answer: string | null;
  answeredAt: Date | null;
}

const COLUMNS = `h.id, h.message, h.created_at as "createdAt", u.username as "senderUsername", h.answer, h.answered_at as "answeredAt"`;

export function insertHelpRequest(db: Db, userId: string, message: string, now: Date): Promise<HelpRequestRow> {
  return db.one<HelpRequestRow>(
    `with h as (insert into help_requests (user_id, message, created_at) values ($1, $2, $3) returning *)
     select ${COLUMNS} from h join users u on u.id = h.user_id`,
    [userId, message, now],
  );
}

/** Newest first; `limit` keeps the admin table bounded. */
export function listHelpRequests(db: Db, limit: number): Promise<HelpRequestRow[]> {
  return db.query<HelpRequestRow>(`select ${COLUMNS} from help_requests h join users u on u.id = h.user_id order by h.created_at desc, h.id desc limit $1`, [
    limit,
  ]);
}

/** One user's own requests, newest first. */
export function listHelpRequestsOfUser(db: Db, userId: string, limit: number): Promise<HelpRequestRow[]> {
  return db.query<HelpRequestRow>(
    `select ${COLUMNS} from help_requests h join users u on u.id = h.user_id where h.user_id = $1 order by h.created_at desc, h.id desc limit $2`,
    [userId, limit],
  );
}

/**
 * Stores the answer unless the request already has one (then undefined, as for an unknown id — the caller tells them
 * apart). Returns the request with the sender's e-mail for the notification.
 */
export function answerHelpRequest(
  db: Db,
  id: string,
  answer: string,
  adminId: string,
  now: Date,
): Promise<(HelpRequestRow & { senderEmail: string }) | undefined> {
  return db.maybeOne(
    `with h as (update help_requests set answer = $2, answered_at = $4, answered_by = $3 where id = $1 and answer is null returning *)
     select ${COLUMNS}, u.email as "senderEmail" from h join users u on u.id = h.user_id`,
    [id, answer, adminId, now],
  );
}

export function findHelpRequest(db: Db, id: string): Promise<HelpRequestRow | undefined> {
  return db.maybeOne<HelpRequestRow>(`select ${COLUMNS} from help_requests h join users u on u.id = h.user_id where h.id = $1`, [id]);
}
