import { COMPANY_NAME } from '@dealradar/shared/constants';
import type { MailMessage } from '../../lib/mail/mailer.ts';
import { renderActionEmail } from '../../lib/mail/render.ts';

/** To the organization's admin, once, when Amazon no longer accepts the seller account's authorization. */
export function reconnectMessage(to: { email: string; username: string }, appUrl: string, reason: string): MailMessage {
  return renderActionEmail({
    to: to.email,
    subject: `Connect your Amazon seller account to ${COMPANY_NAME} again`,
    greeting: `Hello ${to.username},`,
    lines: [
      `Amazon no longer accepts the authorization of your seller account, so ${COMPANY_NAME} has stopped checking which deals you may sell.`,
      reason,
      'Authorize the application again in Seller Central, then paste the new refresh token under Settings → Amazon seller account.',
    ],
    actionLabel: 'Open Settings',
    url: `${appUrl}/settings`,
    footerLines: ['Until then deals show "Not checked" instead of whether you can sell them.'],
  });
}
