import type { AppDeps } from '../apps/server/src/deps.ts';
import type { MarketDataService } from '../apps/server/src/modules/market-data/market-data.types.ts';

/**
 * What the price-refresh benchmarks (bench/drops.ts, bench/alerts.ts, bench/scale.ts) share: market data for a
 * synthetic catalogue, and the alert rules of many users.
 */

/** Amazon side unknown for the synthetic GTINs: the ROI step costs one cheap lookup per market, as with a cold cache. */
export const benchMarketData = {
  source: { retail: 'bench', wholesale: 'bench', isDemo: false },
  lookupListings: async () => ({ resolved: new Map(), notLookedUp: [], upstreamRequests: 0 }),
  fxRate: async (from: string, to: string) => ({ from, to, rate: 1, date: '2026-01-01' }),
} as unknown as MarketDataService;

export const ALERT_BRANDS = 400;

/**
 * `users` users on GROWTH, 3 rules each, every rule e-mail at once:
 *   a few brands (5 of 400), drops of at least 10 %;
 *   a wider brand list (20), Medium drops and more (≥ 25 %);
 *   every brand, drops of at least 55 % with at least 1,000 in stock.
 */
export async function seedAlertUsers(db: AppDeps['db'], users: number): Promise<void> {
  await db.exec(`
    insert into organizations (name, subscription_tier) select 'Bench org ' || g, 'GROWTH' from generate_series(1, ${users}) g;
    insert into users (username, email, password_hash, role, email_confirmed_at, organization_id, primary_country)
      select 'bench' || row_number() over (order by o.id), 'bench' || row_number() over (order by o.id) || '@example.test', 'x', 'USER', now(), o.id, 'DE'
        from organizations o where o.name like 'Bench org %';
    insert into alert_rules (user_id, name, brands, categories, min_drop_percentage, min_stock, channel, created_at)
      select u.id, 'Few brands', array(select 'Brand ' || ((u.n * 7 + k * 31) % ${ALERT_BRANDS}) from generate_series(1, 5) k), '{}'::text[], 10, null::int, 'email', now()
        from (select id, row_number() over (order by id) as n from users where username like 'bench%') u
      union all
      select u.id, 'Wider brands', array(select 'Brand ' || ((u.n * 13 + k * 17) % ${ALERT_BRANDS}) from generate_series(1, 20) k), '{MEDIUM,LARGE,HUGE}'::text[], 25, null::int, 'email', now()
        from (select id, row_number() over (order by id) as n from users where username like 'bench%') u
      union all
      select u.id, 'Deep drops', '{}'::text[], '{}'::text[], 55, 1000, 'email', now() from users u where u.username like 'bench%';
  `);
}
