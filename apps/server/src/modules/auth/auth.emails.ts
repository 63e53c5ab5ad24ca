import { COMPANY_NAME } from '@dealradar/shared/constants';
import type { MailMessage } from '../../lib/mail/mailer.ts';
import { renderActionEmail } from '../../lib/mail/render.ts';

/** Links of SPEC §2 routes, built from APP_URL. */
export const accountLinks = {
  confirmEmail: (appUrl: string, token: string) => `${appUrl}/auth/confirm?token=${encodeURIComponent(token)}`,
  resetPassword: (appUrl: string, token: string) => `${appUrl}/reset-password?token=${encodeURIComponent(token)}`,
  confirmPassword: (appUrl: string, token: string) => `${appUrl}/confirm-password/${encodeURIComponent(token)}`,
  forgotPassword: (appUrl: string) => `${appUrl}/forgot-password`,
};

export function confirmEmailMessage(to: { email: string; username: string }, appUrl: string, token: string): MailMessage {
  return renderActionEmail({
    to: to.email,
    subject: `Confirm your ${COMPANY_NAME} e-mail address`,
    greeting: `Hello ${to.username},`,
    lines: [`Thank you for registering with ${COMPANY_NAME}. Please confirm your e-mail address to activate your account.`],
    actionLabel: 'Confirm e-mail address',
    url: accountLinks.confirmEmail(appUrl, token),
    footerLines: ['The link is valid for 24 hours.', 'If you did not create an account, you can ignore this e-mail.'],
  });
}

export function resetPasswordMessage(to: { email: string; username: string }, appUrl: string, token: string): MailMessage {
  return renderActionEmail({
    to: to.email,
    subject: `Reset your ${COMPANY_NAME} password`,
    greeting: `Hello ${to.username},`,
    lines: ['Someone asked to reset the password of your account. Choose a new password with the link below.'],
    actionLabel: 'Reset password',
    url: accountLinks.resetPassword(appUrl, token),
    footerLines: ['The link is valid for 1 hour and works once.', 'If you did not ask for this, you can ignore this e-mail; your password stays as it is.'],
  });
}

export function inviteMessage(to: { email: string; username: string }, appUrl: string, token: string): MailMessage {
  return renderActionEmail({
    to: to.email,
    subject: `You have been invited to ${COMPANY_NAME}`,
    greeting: `Hello ${to.username},`,
    lines: [
      `An administrator created a ${COMPANY_NAME} account for you with the username ${to.username}. Confirm your e-mail address and choose your password to start.`,
    ],
    actionLabel: 'Set your password',
    url: accountLinks.confirmPassword(appUrl, token),
    footerLines: ['The link is valid for 7 days and works once.', 'If you did not expect this invitation, you can ignore this e-mail.'],
  });
}

/** The invitation of an organization's owner (or a member they allowed) to join their organization. */
export function teamInviteMessage(
  to: { email: string; username: string },
  from: { inviter: string; organization: string },
  appUrl: string,
  token: string,
): MailMessage {
  return renderActionEmail({
    to: to.email,
    subject: `${from.inviter} invited you to ${from.organization} on ${COMPANY_NAME}`,
    greeting: `Hello ${to.username},`,
    lines: [
      `${from.inviter} invited you to join the organization ${from.organization} on ${COMPANY_NAME}, with the username ${to.username}. Its members share kept lists, match rules and the Amazon seller account.`,
      'Confirm your e-mail address and choose your password to start.',
    ],
    actionLabel: 'Set your password',
    url: accountLinks.confirmPassword(appUrl, token),
    footerLines: ['The link is valid for 7 days and works once.', 'If you did not expect this invitation, you can ignore this e-mail.'],
  });
}

/**
 * Registration with an address that already has an account answers like a successful registration (no enumeration);
 * the address's owner learns about it here instead.
 */
export function registrationAttemptMessage(to: { email: string; username: string }, appUrl: string): MailMessage {
  return renderActionEmail({
    to: to.email,
    subject: 'Someone tried to register with your e-mail address',
    greeting: `Hello ${to.username},`,
    lines: [
      `Someone tried to create a new ${COMPANY_NAME} account with your e-mail address. No new account was created.`,
      `If it was you, you already have an account (username ${to.username}): log in, or reset your password if you have forgotten it.`,
    ],
    actionLabel: 'Reset password',
    url: accountLinks.forgotPassword(appUrl),
    footerLines: ['If it was not you, you can ignore this e-mail; nothing has changed in your account.'],
  });
}
