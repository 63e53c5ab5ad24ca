import crypto from 'node:crypto';

/** A fixed-window limit: at most `limit` hits per `windowSeconds` for one key. */
export interface RateLimitRule {
  name: string;
  limit: number;
  windowSeconds: number;
  /** Ends the sentence 'Too many …' of the 429 answer. */
  what: string;
}

/**
 * Limits of the public account calls, per client IP and per account (username or e-mail). Failed logins count per
 * account AND client address (a stranger's guesses do not lock the owner out) and, with a higher limit over a longer
 * window, per account from anywhere (guessing spread over many addresses); the owner's password reset lifts both.
 */
export const RATE_LIMITS = {
  loginPerIp: { name: 'login:ip', limit: 30, windowSeconds: 15 * 60, what: 'login attempts from your network' },
  /** Counts failed attempts only, so a user's own successful logins never lock them out. */
  loginFailuresPerAccountAndIp: {
    name: 'login:account-ip',
    limit: 10,
    windowSeconds: 15 * 60,
    what: 'failed login attempts for this account from your network',
  },
  loginFailuresPerAccount: { name: 'login:account', limit: 50, windowSeconds: 60 * 60, what: 'failed login attempts for this account' },
  registerPerIp: { name: 'register:ip', limit: 10, windowSeconds: 60 * 60, what: 'registrations from your network' },
  registerPerAccount: { name: 'register:account', limit: 5, windowSeconds: 60 * 60, what: 'registration attempts for this e-mail address' },
  forgotPerIp: { name: 'forgot:ip', limit: 10, windowSeconds: 15 * 60, what: 'password reset requests from your network' },
  forgotPerAccount: { name: 'forgot:account', limit: 3, windowSeconds: 15 * 60, what: 'password reset requests for this e-mail address' },
} satisfies Record<string, RateLimitRule>;

export function windowStart(rule: RateLimitRule, now: Date): Date {
  const ms = rule.windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / ms) * ms);
}

/**
 * The rule's name and a SHA-256 per subject part (an account, a client address), case-insensitive: the key column is
 * indexed, so it never holds raw input (a 3,000-character name once overflowed the index), and it holds no addresses.
 */
export function rateLimitKey(rule: RateLimitRule, ...subject: string[]): string {
  return [rule.name, ...subject.map((part) => crypto.createHash('sha256').update(part.trim().toLowerCase()).digest('hex'))].join(':');
}

/** Whole seconds until the current window ends (at least 1). */
export function secondsUntilReset(rule: RateLimitRule, now: Date): number {
  const end = windowStart(rule, now).getTime() + rule.windowSeconds * 1000;
  return Math.max(1, Math.ceil((end - now.getTime()) / 1000));
}

export function rateLimitMessage(rule: RateLimitRule, now: Date): string {
  const seconds = secondsUntilReset(rule, now);
  const wait = seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}`;
  return `Too many ${rule.what}. Please try again in ${wait}.`;
}
