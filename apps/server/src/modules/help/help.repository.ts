import type { Db } from '../../db/client.ts';

export interface HelpRequestRow {
  id: string;
  message: string;
  createdAt: Date;
  senderUsername: string;
}

export function insertHelpRequest(db: Db, userId: string, message: string, now: Date): Promise<HelpRequestRow> {
  return db.one<HelpRequestRow>(
    `with inserted as (insert into help_requests (user_id, message, created_at) values ($1, $2, $3) returning id, user_id, message, created_at)
     select i.id, i.message, i.created_at as "createdAt", u.username as "senderUsername" from inserted i join users u on u.id = i.user_id`,
    [userId, message, now],
  );
}

/** Newest first; `limit` keeps the admin table bounded. */
export function listHelpRequests(db: Db, limit: number): Promise<HelpRequestRow[]> {
  return db.query<HelpRequestRow>(
    `select h.id, h.message, h.created_at as "createdAt", u.username as "senderUsername"
       from help_requests h join users u on u.id = h.user_id
      order by h.created_at desc, h.id desc limit $1`,
    [limit],
  );
}
