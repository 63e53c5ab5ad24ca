/**
 * Shared helpers of the browser tests: accounts through the real API, links from the e-mail outbox,
 * and signing in (through the API, or through the login screen where that is what a test is about). Every spec may use them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN, E2E_DATA_DIR } from '../../../playwright.config.ts';

export const ADMIN = E2E_ADMIN;
export const OUTBOX_DIR = path.join(E2E_DATA_DIR, 'outbox');

export interface Credentials {
  username: string;
  email: string;
  password: string;
  organization: string;
}

export interface OutboxMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  file: string;
}

let counter = 0;
/** A name no other test of this run uses. */
export function uniqueName(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
}

export function newCredentials(overrides: Partial<Credentials> = {}): Credentials {
  const username = overrides.username ?? uniqueName('e2e');
  return { username, email: `${username.toLowerCase()}@example.test`, password: 'correct-horse-42', organization: `${username} Ltd`, ...overrides };
}

/** Every e-mail written to the outbox for this address, oldest first. */
export function readOutbox(to: string): OutboxMessage[] {
  if (!fs.existsSync(OUTBOX_DIR)) return [];
  const messages: OutboxMessage[] = [];
  for (const name of fs.readdirSync(OUTBOX_DIR).sort()) {
    if (!name.endsWith('.json')) continue;
    const file = path.join(OUTBOX_DIR, name);
    try {
      const message = JSON.parse(fs.readFileSync(file, 'utf8')) as Omit<OutboxMessage, 'file'>;
      if (message.to.toLowerCase() === to.toLowerCase()) messages.push({ ...message, file });
    } catch {
      /* still being written: the next poll reads it */
    }
  }
  return messages;
}

/**
 * Waits for an e-mail to `to` whose link contains `linkContains` (e.g. '/auth/confirm', '/reset-password',
 * '/confirm-password/') and returns that link of the newest such e-mail.
 */
export async function readOutboxLink(to: string, linkContains: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const link = readOutbox(to)
      .flatMap((message) => message.links)
      .filter((candidate) => candidate.includes(linkContains))
      .at(-1);
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`No e-mail to ${to} with a link containing ${linkContains} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The path and query of an e-mailed link, to open it on the test server whatever host APP_URL names. */
export function localPath(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** Registers through POST /api/auth/register (the account is not confirmed yet). */
export async function registerUser(request: APIRequestContext, overrides: Partial<Credentials> & { affiliateId?: string } = {}): Promise<Credentials> {
  const { affiliateId, ...rest } = overrides;
  const credentials = newCredentials(rest);
  const response = await request.post('/api/auth/register', { data: { ...credentials, affiliateId } });
  expect(response.status(), await response.text()).toBe(201);
  return credentials;
}

/** Registers and confirms the e-mail with the link of the confirmation e-mail, all through the API. */
export async function registerConfirmedUser(request: APIRequestContext, overrides: Partial<Credentials> = {}): Promise<Credentials> {
  const credentials = await registerUser(request, overrides);
  const link = await readOutboxLink(credentials.email, '/auth/confirm');
  const token = new URL(link).searchParams.get('token');
  const confirmed = await request.get('/api/auth/confirm', { params: { token: token ?? '' } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return credentials;
}

/** POST /api/auth/login → the session token. */
export async function apiLogin(request: APIRequestContext, username: string, password: string): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { username, password } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** Sets the primary country (UK, or DE for continental Europe) so the region dialog does not block. */
export async function selectCountry(request: APIRequestContext, token: string, countryCode: 'UK' | 'DE' = 'UK'): Promise<void> {
  const response = await request.post('/api/auth/select-country', { data: { countryCode }, headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(200);
}

export interface LoginOptions {
  /** Set this primary country through the API first; null leaves it as it is (the region dialog may show). Default UK. */
  country?: 'UK' | 'DE' | null;
  /**
   * The page to open signed in, instead of /dashboard (one page load less for a test that starts elsewhere). What it
   * shows, or where it redirects, is for the test to check; without it the sign-in waits for /dashboard.
   */
  open?: string;
}

/**
 * Signs in through the API and opens /dashboard (or `open`), signed in: the session token of POST /api/auth/login goes
 * where the login screen stores it (local storage key `token`, apps/web/src/lib/auth-token.ts) before the app's first
 * script runs. Quicker than the login screen (a page load and a password check less per test); the login screen itself
 * is tested in auth.spec.ts, which signs in through loginThroughScreen.
 */
export async function loginAs(page: Page, username: string, password: string, { country = 'UK', open }: LoginOptions = {}): Promise<void> {
  const token = await apiLogin(page.request, username, password);
  if (country) await selectCountry(page.request, token, country);
  // Only for this first page load: a later reload or page.goto keeps whatever the app left in local storage.
  const script = await page.addInitScript((value) => localStorage.setItem('token', value), token);
  await page.goto(open ?? '/dashboard');
  await script.dispose();
  if (!open) await expect(page).toHaveURL(/\/dashboard$/);
}

/** Signs in through the login screen and waits for /dashboard. */
export async function loginThroughScreen(page: Page, username: string, password: string, { country = 'UK' }: LoginOptions = {}): Promise<void> {
  if (country) await selectCountry(page.request, await apiLogin(page.request, username, password), country);
  await page.goto('/login');
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

export function loginAsAdmin(page: Page, options: LoginOptions = {}): Promise<void> {
  return loginAs(page, ADMIN.username, ADMIN.password, options);
}

/** A fresh confirmed user, signed in on `page` (region set unless country: null). */
export async function signInNewUser(page: Page, options: LoginOptions & { overrides?: Partial<Credentials> } = {}): Promise<Credentials> {
  const credentials = await registerConfirmedUser(page.request, options.overrides);
  await loginAs(page, credentials.username, credentials.password, options);
  return credentials;
}

/** The region dialog, when open. */
export function regionDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Select your region' });
}

/** Logs out through the sidebar and waits for /login. */
export async function logoutViaSidebar(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}
