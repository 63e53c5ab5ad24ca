/**
 * npm run bench:drops-estimate — the drops list's queries with the sales estimate's sort and filters over 200,000
 * active drops (60 % with an estimate), against the Best ROI sort as the baseline, on the embedded database and
 * PostgreSQL: the repository's page and count queries as the list runs them uncached (best of 5, ms).
 * BENCH_SKIP_POSTGRES=1 measures PGlite only.
 */
import { priceDropsQuerySchema } from '../packages/shared/src/contracts/price-drops.ts';
import { categorySql, prioritySql } from '../apps/server/src/modules/price-drops/drop-rules.sql.ts';
import { countDrops, pageOfDrops } from '../apps/server/src/modules/price-drops/price-drops.repository.ts';
import { isPostgresReachable, openBenchDb } from './drops-db.ts';

const DROPS = Number(process.env.BENCH_DROPS_SIZE ?? 200_000);

const CASES: Array<[string, Record<string, string>]> = [
  ['Best ROI desc (baseline)', { sortBy: 'bestRoiPercentage', sortOrder: 'desc' }],
  ['monthly profit desc, page 1', { sortBy: 'estimatedMonthlyProfit', sortOrder: 'desc' }],
  ['monthly profit desc, page 10', { sortBy: 'estimatedMonthlyProfit', sortOrder: 'desc', page: '9' }],
  ['monthly profit asc', { sortBy: 'estimatedMonthlyProfit', sortOrder: 'asc' }],
  ['units ≥ 5, newest first', { minUnitsPerMonth: '5' }],
  ['monthly profit ≥ 100, by monthly profit', { minMonthlyProfit: '100', sortBy: 'estimatedMonthlyProfit', sortOrder: 'desc' }],
  ['category SMALL + monthly profit desc', { dropCategory: 'SMALL', sortBy: 'estimatedMonthlyProfit', sortOrder: 'desc' }],
];

async function run(kind: 'pglite' | 'postgres') {
  const handle = await openBenchDb(kind);
  const pct = `(((i * 7919) % 9000) / 100.0)`;
  const now = new Date();
  await handle.db.query(
    `insert into price_drops (gtin, product_name, brand, category, stock, product_url, image_url, old_price_excl_vat, old_price_incl_vat,
                              new_price_excl_vat, new_price_incl_vat, drop_percentage, drop_category, priority, first_detected_at, detected_at, expires_at,
                              best_roi_percentage, best_roi_market, sales_estimate, estimated_monthly_profit)
     select lpad(i::text, 13, '0'), 'Bench Product ' || i, 'Brand ' || (i % 400), 'Skin Care', (i * 13) % 2000, null, null,
            500 + (i * 37) % 9000, round((500 + (i * 37) % 9000) * 1.21),
            round((500 + (i * 37) % 9000) * (1 - ${pct} / 100)), round((500 + (i * 37) % 9000) * (1 - ${pct} / 100) * 1.21),
            round(${pct}, 2), ${categorySql(pct)}, ${prioritySql(pct)},
            $1::timestamptz - (i % 72000) * interval '1 second', $1::timestamptz - (i % 72000) * interval '1 second',
            $1::timestamptz - (i % 72000) * interval '1 second' + interval '24 hours',
            case when i % 10 < 8 then ((i * 31) % 20000) / 100.0 - 20 end, case when i % 10 < 8 then 'DE' end,
            case when i % 10 < 6 then jsonb_build_object('unitsPerMonth', (i * 17) % 400, 'basis', 'rankDrops30', 'basisText', '≈ ' || (i * 17) % 400 || ' from 30-day rank drops',
                                                        'competitors', 1 + i % 6, 'amazonShare', null, 'sellerUnitsPerMonth', round(((i * 17) % 400) / (1.0 + i % 6), 1), 'noShareReason', null) end,
            case when i % 10 < 6 then round((((i * 17) % 400) / (1.0 + i % 6)) * (((i * 31) % 2000) / 100.0 - 2), 2) end
       from generate_series(1, ${DROPS}) as i`,
    [now],
  );
  await handle.db.exec('vacuum analyze price_drops');
  console.log(`\n${kind}: ${DROPS.toLocaleString('en-US')} active drops`);
  for (const [label, raw] of CASES) {
    const query = priceDropsQuerySchema.parse(raw);
    const times: number[] = [];
    let rows = 0;
    let total = 0;
    for (let i = 0; i < 5; i += 1) {
      const t0 = performance.now();
      const [count, page] = await Promise.all([countDrops(handle.db, query, now), pageOfDrops(handle.db, query, now)]);
      times.push(performance.now() - t0);
      rows = page.length;
      total = count.n;
    }
    console.log(
      `${label.padEnd(42)} best ${Math.min(...times).toFixed(1)} ms · median ${times.sort((a, b) => a - b)[2]!.toFixed(1)} ms · ${rows} rows of ${total}`,
    );
  }
  await handle.close();
  await handle.dropAll();
}

await run('pglite');
if (process.env.BENCH_SKIP_POSTGRES !== '1' && (await isPostgresReachable())) await run('postgres');
