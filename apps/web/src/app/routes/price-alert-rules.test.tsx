// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { AlertRule } from '@dealradar/shared/contracts/alerts';
import { alertsApi } from '@dealradar/shared/contracts/endpoints/alerts';
import { priceDropsApi } from '@dealradar/shared/contracts/endpoints/price-drops';
import { sellerAccountApi } from '@dealradar/shared/contracts/endpoints/seller-account';
import type { SellerAccount } from '@dealradar/shared/contracts/seller-account';
import { chooseOption, findDialog, reply, renderWithProviders, stubApi } from '../../test/test-utils.tsx';
import { noSellerAccount } from '../../test/fixtures.ts';
import { PriceAlertRulesPage } from './price-alert-rules.tsx';

const savedRule: AlertRule = {
  id: 7,
  name: 'Nivea over 20 %',
  brands: ['Nivea'],
  categories: [],
  minDropPercentage: 20,
  minRoiPercentage: null,
  minStock: null,
  roiMarkets: [],
  channel: 'email',
  emailFrequency: 'instant',
  webhookUrl: null,
  webhookFormat: 'generic',
  rearmPoints: 5,
  onlySellable: false,
  paused: false,
  pausedReason: null,
  emailUnsubscribed: false,
  createdAt: '2026-11-01T08:00:00.000Z',
};

/** A GROWTH user's rules screen with no rules yet. */
function stubRulesScreen(sellerAccount: SellerAccount = noSellerAccount(true)) {
  return stubApi()
    .on(alertsApi.listRules, [])
    .on(alertsApi.channels, {
      email: 'user@example.com',
      emailUnsubscribed: false,
      scanFinishedEmail: true,
      webhookSecret: 'whsec_test',
      signatureHeader: 'X-DealRadar-Signature',
    })
    .on(alertsApi.deliveries, [])
    .on(priceDropsApi.brands, ['Nivea', 'Dove'])
    .on(sellerAccountApi.get, sellerAccount);
}

async function openNewRuleForm() {
  const screenApi = renderWithProviders(<PriceAlertRulesPage />, { path: '/qogita-price-alerts/alerts', session: { subscriptionTier: 'GROWTH' } });
  await screenApi.user.click(await screen.findByRole('button', { name: 'New alert rule' }));
  const dialog = await findDialog('New alert rule');
  return { ...screenApi, dialog: within(dialog) };
}

describe('alert rule form', () => {
  it('sends the rule as filled in and closes with a confirmation when the server saves it', async () => {
    const api = stubRulesScreen().on(alertsApi.createRule, savedRule);
    const { user, dialog } = await openNewRuleForm();

    await user.click(dialog.getByLabelText(/^Name/));
    await user.paste('Nivea over 20 %');
    await user.type(dialog.getByLabelText('Brands', { selector: 'input' }), 'Nivea{Enter}');
    const minDrop = dialog.getByLabelText('Minimum drop %');
    await user.clear(minDrop);
    await user.type(minDrop, '20');
    await user.click(dialog.getByRole('button', { name: 'Save rule' }));

    expect(await screen.findByText('"Nivea over 20 %" is active from the next price update.')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'New alert rule' })).toBeNull();
    expect(api.requests(alertsApi.createRule).map((r) => r.body)).toEqual([
      {
        name: 'Nivea over 20 %',
        brands: ['Nivea'],
        categories: [],
        minDropPercentage: 20,
        minRoiPercentage: null,
        minStock: null,
        roiMarkets: [],
        channel: 'email',
        emailFrequency: 'instant',
        webhookUrl: null,
        webhookFormat: 'generic',
        rearmPoints: 5,
        onlySellable: false,
      },
    ]);
  });

  it("keeps the form open with the server's validation sentence when the rule is refused", async () => {
    stubRulesScreen().on(alertsApi.createRule, reply(400, { error: 'Name is required.' }));
    const { user, dialog } = await openNewRuleForm();

    await user.click(dialog.getByRole('button', { name: 'Save rule' }));

    expect(await dialog.findByText('Name is required.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'New alert rule' })).toBeTruthy();
  });

  it('asks for a webhook URL and sends it with the format when the channel is a webhook', async () => {
    const api = stubRulesScreen().on(alertsApi.createRule, { ...savedRule, channel: 'webhook', webhookUrl: 'https://hooks.example.com/drops' });
    const { user, dialog } = await openNewRuleForm();

    expect(dialog.queryByLabelText(/^Webhook URL/)).toBeNull();
    await user.click(dialog.getByLabelText(/^Name/));
    await user.paste('To Discord');
    await user.click(dialog.getByLabelText('Webhook'));
    expect(dialog.queryByLabelText('E-mail frequency', { selector: 'input' })).toBeNull();
    await user.click(dialog.getByLabelText(/^Webhook URL/));
    await user.paste('https://hooks.example.com/drops');
    await chooseOption(user, dialog.getByLabelText('Format', { selector: 'input' }), 'Discord');
    await user.click(dialog.getByRole('button', { name: 'Save rule' }));

    await waitFor(() => expect(api.requests(alertsApi.createRule)).toHaveLength(1));
    expect(api.requests(alertsApi.createRule)[0]?.body).toMatchObject({
      name: 'To Discord',
      channel: 'webhook',
      webhookUrl: 'https://hooks.example.com/drops',
      webhookFormat: 'discord',
    });
  });

  it('offers "Only products I can sell" only where a seller account can be connected, saying what it does without one', async () => {
    stubRulesScreen({ ...noSellerAccount(true), configured: true });
    const { dialog } = await openNewRuleForm();

    expect(
      await dialog.findByText('No Amazon seller account is connected: with this on, the rule alerts nothing until one is connected in Settings.'),
    ).toBeTruthy();
    expect(dialog.getByLabelText(/^Only products I can sell/)).toBeTruthy();
  });

  it('does not offer "Only products I can sell" on an install that cannot connect a seller account', async () => {
    const api = stubRulesScreen();
    const { dialog, queryClient } = await openNewRuleForm();

    await waitFor(() => expect(api.requests(sellerAccountApi.get).length > 0 && queryClient.isFetching() === 0).toBe(true));
    expect(dialog.queryByLabelText(/^Only products I can sell/)).toBeNull();
  });

  it('shows the upgrade prompt and no way to add a rule on a plan without alerts', async () => {
    stubRulesScreen().on(alertsApi.listRules, reply(403, { error: 'Price-drop alerts need the Growth or Pro plan.' }));
    renderWithProviders(<PriceAlertRulesPage />, { path: '/qogita-price-alerts/alerts', session: { subscriptionTier: 'STARTER' } });

    const prompt = await screen.findByTestId('alerts-upgrade-prompt');
    expect(within(prompt).getByText('Upgrade Required')).toBeTruthy();
    expect(within(prompt).getByText('Price-drop alerts need the Growth or Pro plan.')).toBeTruthy();
    expect(within(prompt).getByRole('button', { name: 'Upgrade Now' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New alert rule' })).toBeNull();
  });
});
