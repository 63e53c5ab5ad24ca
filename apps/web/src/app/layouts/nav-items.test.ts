import { describe, expect, it } from 'vitest';
import { isNavActive, navFor } from './nav-items.ts';

describe('sidebar entries (SPEC §2 Layout shell)', () => {
  it('shows users the entries in order, without admin-only ones', () => {
    const nav = navFor('USER');
    expect(nav.main.map((e) => [e.label, e.to])).toEqual([
      ['Dashboard', '/dashboard'],
      ['Deals Analyzer (csv)', '/supplier-level-analyzer'],
      ['Buy List', '/buy-list'],
      ['Qogita Brand Analysis', '/brand-level-analyzer'],
      ['Qogita Price Alerts', '/qogita-price-alerts'],
      ['Settings', '/settings'],
      ['Subscriptions', '/subscription'],
      ['Help / Docs', '/help'],
    ]);
    expect(nav.admin).toEqual([]);
  });
  it('shows admins CSV Analyzer second and the bottom section', () => {
    const nav = navFor('ADMIN');
    expect(nav.main[1]).toMatchObject({ label: 'CSV Analyzer', to: '/csv-template-analyzer' });
    expect(nav.main).toHaveLength(9);
    expect(nav.admin.map((e) => [e.label, e.to])).toEqual([
      ['EAN-ASIN Mapping', '/ean-asin-mapping'],
      ['Users', '/users'],
      ['System', '/admin/system'],
    ]);
  });
  it('highlights the entry of the current path', () => {
    expect(isNavActive('/settings', '/settings')).toBe(true);
    expect(isNavActive('/settings/x', '/settings')).toBe(true);
    expect(isNavActive('/settingsx', '/settings')).toBe(false);
    expect(isNavActive('/dashboard', '/settings')).toBe(false);
  });
});
