import { COMPANY_NAME } from '@dealradar/shared/constants';
import type { MailMessage } from '../../lib/mail/mailer.ts';
import { renderActionEmail } from '../../lib/mail/render.ts';

/** The answer to a help request, with the user's own message quoted; the button opens Help, where both stay. */
export function helpAnswerMessage(to: { email: string; username: string }, appUrl: string, request: { message: string; answer: string }): MailMessage {
  const paragraphs = (text: string) =>
    text
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean);
  return renderActionEmail({
    to: to.email,
    subject: `${COMPANY_NAME} support has answered your message`,
    greeting: `Hello ${to.username},`,
    lines: ['Our answer:', ...paragraphs(request.answer), 'Your message:', ...paragraphs(request.message).map((l) => `> ${l}`)],
    actionLabel: 'Open Help / Docs',
    url: `${appUrl}/help`,
    footerLines: ['Your messages and our answers stay under Help / Docs. To ask something else, send a new message there.'],
  });
}
