// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { alertsApi } from '@dealradar/shared/contracts/endpoints/alerts';
import { renderWithProviders, reply, stubApi } from '../../../test/test-utils.tsx';
import { ScanEmailsCard } from './scan-emails-card.tsx';

const switchOf = () => screen.findByRole('switch', { name: 'E-mail me when a long scan finishes' });

describe('the scan e-mails switch in Settings', () => {
  it('turns off at once, saves, and stays off when the setting is read again', async () => {
    let saved = true;
    const api = stubApi()
      .on(alertsApi.scanEmails, () => ({ scanFinishedEmail: saved }))
      .on(alertsApi.setScanEmails, (request) => {
        saved = (request.body as { scanFinishedEmail: boolean }).scanFinishedEmail;
        return { scanFinishedEmail: saved };
      });
    const { user } = renderWithProviders(<ScanEmailsCard />, { path: '/settings' });
    const toggle = await switchOf();
    await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false));
    expect((toggle as HTMLInputElement).checked).toBe(true);

    await user.click(toggle);
    expect((toggle as HTMLInputElement).checked).toBe(false);
    await waitFor(() => expect(api.requests(alertsApi.scanEmails).length).toBeGreaterThanOrEqual(2));
    expect(api.requests(alertsApi.setScanEmails).map((r) => r.body)).toEqual([{ scanFinishedEmail: false }]);
    expect((await switchOf()) as HTMLInputElement).toHaveProperty('checked', false);
  });

  it('a refused save puts the switch back and says so', async () => {
    stubApi()
      .on(alertsApi.scanEmails, { scanFinishedEmail: true })
      .on(alertsApi.setScanEmails, reply(500, { error: 'The setting could not be saved.' }));
    const { user } = renderWithProviders(<ScanEmailsCard />, { path: '/settings' });
    const toggle = await switchOf();
    await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false));

    await user.click(toggle);
    expect(await screen.findByText('The setting could not be saved.')).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('switch', { name: 'E-mail me when a long scan finishes' }) as HTMLInputElement).checked).toBe(true));
  });
});
