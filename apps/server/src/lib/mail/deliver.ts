import type { Mailer, MailMessage } from './mailer.ts';

/**
 * Sends without making the caller wait or fail: used where the answer must not depend on the mail server
 * (registration, forgot-password answer the same and as fast whether or not a message goes out).
 * Failures are logged; the user can ask for a new link.
 */
export function deliverInBackground(mailer: Mailer, log: { error(obj: object, msg?: string): void }, message: MailMessage): void {
  mailer.send(message).catch((error: unknown) => {
    log.error({ err: error instanceof Error ? error.message : String(error), to: message.to, subject: message.subject }, 'e-mail could not be sent');
  });
}
