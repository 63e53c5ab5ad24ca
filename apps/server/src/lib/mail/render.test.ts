import { describe, expect, it } from 'vitest';
import { accountLinks, confirmEmailMessage, inviteMessage, resetPasswordMessage } from '../../modules/auth/auth.emails.ts';
import { escapeHtml, renderActionEmail } from './render.ts';

describe('account e-mails', () => {
  const to = { email: 'ann@example.test', username: 'ann' };

  it('build links from APP_URL to the routes of SPEC §2', () => {
    expect(accountLinks.confirmEmail('https://app.example', 'a-b_c')).toBe('https://app.example/auth/confirm?token=a-b_c');
    expect(accountLinks.resetPassword('https://app.example', 'tok')).toBe('https://app.example/reset-password?token=tok');
    expect(accountLinks.confirmPassword('https://app.example', 'tok')).toBe('https://app.example/confirm-password/tok');
  });

  it.each([
    ['confirm', confirmEmailMessage(to, 'https://app.example', 'T1'), 'https://app.example/auth/confirm?token=T1'],
    ['reset', resetPasswordMessage(to, 'https://app.example', 'T2'), 'https://app.example/reset-password?token=T2'],
    ['invite', inviteMessage(to, 'https://app.example', 'T3'), 'https://app.example/confirm-password/T3'],
  ])('%s message has both parts with the one link', (_name, message, link) => {
    expect(message.to).toBe('ann@example.test');
    expect(message.links).toEqual([link]);
    expect(message.text).toContain(link);
    expect(message.html).toContain(`href="${link}"`);
    expect(message.html).toMatch(/^<!doctype html>/);
  });

  it('escapes text in the HTML part', () => {
    expect(escapeHtml(`<b>"Tom" & 'Jerry'</b>`)).toBe('&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;');
    const message = renderActionEmail({
      to: 'x@example.test',
      subject: 's',
      greeting: 'Hi <script>',
      lines: [],
      actionLabel: 'Go',
      url: 'https://a.example/?a=1&b=2',
      footerLines: [],
    });
    expect(message.html).not.toContain('<script>');
    expect(message.html).toContain('href="https://a.example/?a=1&amp;b=2"');
    expect(message.text).toContain('https://a.example/?a=1&b=2');
  });
});
