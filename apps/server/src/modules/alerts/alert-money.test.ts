import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { createUser, type TestUser } from '../../../test/factories/users.ts';
import { deliverOne } from './alert-dispatch.service.ts';
import { itemLine, sampleItem, webhookBody, type AlertContent } from './alert-messages.ts';

/**
 * Alert messages follow the money rule (docs/money.md): the drops' EUR prices, and for a user whose
 * region is the UK the pounds beside them with the rate and its day.
 */
const gbp = { currency: 'GBP', rate: 0.8745, date: '2026-11-28' };

describe('alert messages and the money rule', () => {
  it('states the EUR prices, and a UK region its pounds beside them with the rate and its day', () => {
    const item = { ...sampleItem(), oldPrice: 1000, newPrice: 800 };
    expect(itemLine(item)).toContain('€10.00 → €8.00 excl. VAT · ROI');
    expect(itemLine(item, gbp)).toContain('€10.00 → €8.00 excl. VAT · £8.75 → £7.00 at 0.8745 on 28 Nov · ROI');
  });

  it('gives webhooks the region amounts in named fields beside the EUR ones', () => {
    const content: AlertContent = { kind: 'test', summary: 's', ruleName: 'r', dropCount: 1, items: [sampleItem()], appUrl: 'http://x', regionFx: gbp };
    const generic = JSON.parse(webhookBody('generic', content, new Date('2026-11-28T10:00:00Z'))) as { drops: Array<Record<string, unknown>> };
    expect(generic.drops[0]).toMatchObject({
      currency: 'EUR',
      newPriceExclVat: 8,
      regionCurrency: 'GBP',
      newPriceExclVatRegion: 7,
      oldPriceExclVatRegion: 8.75,
      fxRate: 0.8745,
      fxDate: '2026-11-28',
    });
    const discord = JSON.parse(webhookBody('discord', content, new Date())) as { embeds: Array<{ fields: Array<{ value: string }> }> };
    expect(discord.embeds[0]!.fields[2]!.value).toBe('€8.00 · £7.00 at 0.8745 on 28 Nov');
    const euro = JSON.parse(webhookBody('generic', { ...content, regionFx: null }, new Date())) as { drops: Array<Record<string, unknown>> };
    expect(euro.drops[0]!.regionCurrency).toBeUndefined();
  });

  describe('the test e-mail', () => {
    let ctx: TestContext;
    let uk: TestUser;
    let de: TestUser;
    beforeAll(async () => {
      ctx = await buildTestApp();
      uk = await createUser(ctx.deps, { tier: 'PRO', country: 'UK' });
      de = await createUser(ctx.deps, { tier: 'PRO', country: 'DE' });
    });
    afterAll(async () => ctx.close());

    async function testMail(user: TestUser) {
      const rule = await ctx.app.inject({ method: 'POST', url: '/api/alerts/rules', headers: user.headers, payload: { name: 'Rule', channel: 'email' } });
      expect(rule.statusCode, rule.body).toBe(201);
      const queued = await ctx.app.inject({ method: 'POST', url: `/api/alerts/rules/${(rule.json() as { id: number }).id}/test`, headers: user.headers });
      expect(queued.statusCode, queued.body).toBe(202);
      await expect(deliverOne(ctx.deps, (queued.json() as { id: number }).id, { lastAttempt: false })).resolves.toBe('sent');
      return ctx.mailer.lastTo(user.email)!;
    }

    it("of a UK user gives the pounds beside the euro prices at the day's rate; a continental user's stays in euro", async () => {
      const fx = await ctx.deps.marketData.fxRate('EUR', 'GBP');
      const ukMail = await testMail(uk);
      const pounds = (cents: number) => `£${(Math.floor((cents / 100) * fx.rate * 100 + 0.5 + 1e-9) / 100).toFixed(2)}`;
      expect(ukMail.text).toContain(`€10.00 → €8.00 excl. VAT · ${pounds(1000)} → ${pounds(800)} at ${fx.rate.toFixed(4)} on `);
      const deMail = await testMail(de);
      expect(deMail.text).toContain('€10.00 → €8.00 excl. VAT');
      expect(deMail.text).not.toContain('£');
    });
  });
});
