import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { uniqueAccount } from '../../../test/account-helpers.ts';
import { createUser } from '../../../test/factories/users.ts';
import { createMailer } from '../../deps.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** Undoes quoted-printable soft line breaks and escapes so links can be read from the raw message. */
function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

describe('e-mail through SMTP when SMTP_URL is set', () => {
  let server: SMTPServer;
  let ctx: TestContext;
  const received: Received[] = [];
  let onMessage: (() => void) | undefined;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      closeTimeout: 500,
      logger: false,
      onData(stream, session, callback) {
        let raw = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => (raw += chunk));
        stream.on('end', () => {
          received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
          onMessage?.();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as AddressInfo).port;
    ctx = await buildTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'DealRadar <no-reply@dealradar.test>' } });
    ctx.deps.mailer = createMailer(ctx.deps.config, ctx.deps.log);
  });
  afterAll(async () => {
    await ctx.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers the confirmation e-mail of a registration with a text and an HTML part carrying the APP_URL link', async () => {
    const arrived = new Promise<void>((resolve) => (onMessage = resolve));
    const account = uniqueAccount();
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: account });
    expect(res.statusCode).toBe(201);
    await arrived;

    const message = received.at(-1)!;
    expect(message.from).toBe('no-reply@dealradar.test');
    expect(message.to).toEqual([account.email]);
    expect(message.raw).toMatch(/^Subject: Confirm your DealRadar e-mail address/m);
    expect(message.raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(message.raw).toMatch(/Content-Type: text\/plain/i);
    expect(message.raw).toMatch(/Content-Type: text\/html/i);
    const body = decodeQuotedPrintable(message.raw);
    const links = body.match(/http:\/\/app\.test\/auth\/confirm\?token=[A-Za-z0-9_-]+/g) ?? [];
    expect(links.length).toBeGreaterThanOrEqual(2);
    expect(new Set(links).size).toBe(1);

    const token = links[0]!.split('token=')[1]!;
    const confirm = await ctx.app.inject({ method: 'GET', url: `/api/auth/confirm?token=${token}` });
    expect(confirm.json()).toEqual({ email: account.email });
  });

  it('an admin invitation waits for the SMTP server and reports 503 when it is unreachable', async () => {
    const admin = await createUser(ctx.deps, { role: 'ADMIN' });
    const saved = ctx.deps.mailer;
    ctx.deps.mailer = createMailer({ ...ctx.deps.config, SMTP_URL: 'smtp://127.0.0.1:1' }, ctx.deps.log);
    try {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/users/invite',
        headers: admin.headers,
        payload: { username: 'smtp_down', email: 'smtp.down@example.test' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toBe('The account was created but the invitation e-mail could not be sent. Invite the user again to retry.');
    } finally {
      ctx.deps.mailer = saved;
    }
    const arrived = new Promise<void>((resolve) => (onMessage = resolve));
    const retry = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/invite',
      headers: admin.headers,
      payload: { username: 'smtp_down', email: 'smtp.down@example.test' },
    });
    expect(retry.statusCode).toBe(201);
    await arrived;
    expect(decodeQuotedPrintable(received.at(-1)!.raw)).toContain('http://app.test/confirm-password/');
  });
});

describe('e-mail into DATA_DIR/outbox without SMTP_URL', () => {
  let ctx: TestContext;
  let dataDir: string;
  const logged: Array<{ obj: Record<string, unknown>; msg?: string }> = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dealradar-outbox-'));
    ctx = await buildTestApp({ env: { DATA_DIR: dataDir } });
    ctx.deps.mailer = createMailer(ctx.deps.config, { ...ctx.deps.log, info: (obj, msg) => logged.push({ obj: obj as Record<string, unknown>, msg }) });
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes one JSON file per message with to, subject, text, html and links, and logs the links', async () => {
    const account = uniqueAccount();
    await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: account });
    await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: account.email } });
    const outbox = path.join(dataDir, 'outbox');
    const files = fs.readdirSync(outbox).sort();
    expect(files).toHaveLength(2);
    const messages = files.map((f) => JSON.parse(fs.readFileSync(path.join(outbox, f), 'utf8')));
    for (const m of messages) {
      expect(m).toMatchObject({ from: 'DealRadar <no-reply@dealradar.local>', to: account.email });
      expect(typeof m.subject).toBe('string');
      expect(m.links).toHaveLength(1);
      expect(m.text).toContain(m.links[0]);
      expect(m.html).toContain(m.links[0]);
    }
    const links = messages.flatMap((m) => m.links as string[]);
    expect(links.some((l) => l.startsWith('http://app.test/auth/confirm?token='))).toBe(true);
    expect(links.some((l) => l.startsWith('http://app.test/reset-password?token='))).toBe(true);
    expect(logged.map((l) => l.obj.links)).toEqual(messages.map((m) => m.links));
  });
});
