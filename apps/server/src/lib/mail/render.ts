import { COMPANY_NAME } from '@dealradar/shared/constants';
import type { MailMessage } from './mailer.ts';

export interface ActionEmail {
  to: string;
  subject: string;
  greeting: string;
  /** Paragraphs before the button. */
  lines: string[];
  actionLabel: string;
  url: string;
  /** Paragraphs after the button (validity, "ignore if not you"). */
  footerLines: string[];
}

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** One call-to-action e-mail with a plain-text part and an HTML part carrying the same link. */
export function renderActionEmail(email: ActionEmail): MailMessage {
  const text = [
    email.greeting,
    '',
    ...email.lines.flatMap((l) => [l, '']),
    `${email.actionLabel}: ${email.url}`,
    '',
    ...email.footerLines.flatMap((l) => [l, '']),
    `— ${COMPANY_NAME}`,
  ].join('\n');
  const paragraph = (l: string) => `<p style="margin:0 0 16px">${escapeHtml(l)}</p>`;
  const href = escapeHtml(email.url);
  const html = `<!doctype html>
<html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5">
<div style="max-width:560px;margin:0 auto;padding:24px">
${paragraph(email.greeting)}
${email.lines.map(paragraph).join('\n')}
<p style="margin:24px 0"><a href="${href}" style="background:#228be6;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(email.actionLabel)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#52606d">If the button does not work, open this link: <a href="${href}">${href}</a></p>
${email.footerLines.map(paragraph).join('\n')}
<p style="margin:0;color:#52606d">— ${escapeHtml(COMPANY_NAME)}</p>
</div></body></html>`;
  return { to: email.to, subject: email.subject, text, html, links: [email.url] };
}
