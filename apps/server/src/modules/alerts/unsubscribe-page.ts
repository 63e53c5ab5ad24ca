import { COMPANY_NAME } from '@dealradar/shared/constants';
import { escapeHtml } from '../../lib/mail/render.ts';

/**
 * The page the unsubscribe link of an e-mail opens (no login, served by the API, so without the web app's bundle): the
 * product's look written out in a few inline styles — the signed-in screens' gray background, a white card, the radar
 * mark in the indigo→cyan gradient, indigo 8 for the button (Mantine's theme of apps/web/src/app/providers.tsx) and the
 * system font stack Mantine uses.
 */
export function renderUnsubscribedPage(args: { what: string; settingsUrl: string; where: string; button: string }): string {
  const href = escapeHtml(args.settingsUrl);
  // Tabler's "radar" icon (the BrandLogo of the web app).
  const radar = `<svg xmlns="http://www.w3.org/2000/svg" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M21 12h-8a1 1 0 1 0 -1 1v8a9 9 0 0 0 9 -9"/><path d="M16 9a5 5 0 1 0 -7 7"/><path d="M20.486 9a9 9 0 1 0 -11.482 11.495"/></svg>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Unsubscribed · ${escapeHtml(COMPANY_NAME)}</title>
<style>
  body { margin: 0; background: #f8f9fa; color: #212529; line-height: 1.55;
    font-family: -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif; }
  main { max-width: 520px; margin: 64px auto; padding: 0 16px; }
  .brand { display: flex; align-items: center; gap: 10px; margin-bottom: 20px; font-weight: 800; font-size: 20px; letter-spacing: -0.3px; }
  .mark { width: 36px; height: 36px; border-radius: 8px; display: flex; align-items: center; justify-content: center;
    background: linear-gradient(135deg, #3b5bdb 0%, #15aabf 100%); }
  .card { background: #fff; border: 1px solid #dee2e6; border-radius: 8px; padding: 28px 24px; box-shadow: 0 1px 3px rgba(0, 0, 0, 0.05); }
  h1 { font-size: 22px; margin: 0 0 12px; }
  p { margin: 0 0 14px; }
  .muted { color: #495057; font-size: 14px; }
  .button { display: inline-block; margin-top: 6px; background: #3b5bdb; color: #fff; text-decoration: none; font-weight: 600;
    padding: 10px 18px; border-radius: 8px; }
  .button:focus-visible { outline: 2px solid #15aabf; outline-offset: 2px; }
</style></head>
<body><main>
<div class="brand"><span class="mark">${radar}</span>${escapeHtml(COMPANY_NAME)}</div>
<div class="card" data-testid="unsubscribed-card">
<h1>You are unsubscribed</h1>
<p>You will not receive ${escapeHtml(args.what)} any more.</p>
<p class="muted">Changed your mind? Switch them back on under ${escapeHtml(args.where)}.</p>
<a class="button" href="${href}">${escapeHtml(args.button)}</a>
</div>
</main></body></html>`;
}
