import type { Db } from '../../db/client.ts';

/** A user's alert channel settings: the webhook secret, the e-mail unsubscribe and the scan-finished e-mail switch. */
export interface AlertSettingsRow {
  webhookSecret: string;
  emailUnsubscribedAt: Date | null;
  scanFinishedEmail: boolean;
}

const SETTINGS_COLUMNS = `webhook_secret as "webhookSecret", alerts_email_unsubscribed_at as "emailUnsubscribedAt", scan_finished_email as "scanFinishedEmail"`;

/** The user's alert settings, created on first use (with a webhook secret made only then). */
export async function ensureSettings(db: Db, userId: string, newSecret: () => string): Promise<AlertSettingsRow> {
  const found = await findSettings(db, userId);
  if (found) return found;
  await db.execute('insert into alert_user_settings (user_id, webhook_secret) values ($1, $2) on conflict (user_id) do nothing', [userId, newSecret()]);
  return db.one<AlertSettingsRow>(`select ${SETTINGS_COLUMNS} from alert_user_settings where user_id = $1`, [userId]);
}

export function findSettings(db: Db, userId: string): Promise<AlertSettingsRow | undefined> {
  return db.maybeOne<AlertSettingsRow>(`select ${SETTINGS_COLUMNS} from alert_user_settings where user_id = $1`, [userId]);
}

export async function updateSettings(
  db: Db,
  userId: string,
  patch: { emailUnsubscribedAt?: Date | null; scanFinishedEmail?: boolean; webhookSecret?: string },
): Promise<void> {
  await db.execute(
    `update alert_user_settings
        set alerts_email_unsubscribed_at = case when $2 then $3::timestamptz else alerts_email_unsubscribed_at end,
            scan_finished_email = coalesce($4, scan_finished_email),
            webhook_secret = coalesce($5, webhook_secret)
      where user_id = $1`,
    [userId, patch.emailUnsubscribedAt !== undefined, patch.emailUnsubscribedAt ?? null, patch.scanFinishedEmail ?? null, patch.webhookSecret ?? null],
  );
}
