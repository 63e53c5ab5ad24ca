import type { DashboardAnalytics, DashboardOverview, PriceAlertStats, PriceDropItem } from './contracts/price-drops.ts';
import { DAILY_TREND_DAYS, DROP_ICONS, dropCategoryOf, dropPriorityOf, dropPercentage } from './drops.ts';

/**
 * Built-in example data that FREE and STARTER users see on the Dashboard and Price Alerts (SPEC §4, §9):
 * 3 hot deals, 2 recent drops, 247 drops in total, 23.4 % average discount. Shown without any server call.
 */
export const EXAMPLE_TOTAL_DROPS = 247;
export const EXAMPLE_AVG_DISCOUNT = 23.4;
/**
 * The example prices are written as wholesale euro prices and shown in the user's region currency like live data
 * (so a UK user sees pounds on the example dashboard as on every live screen). They are converted with
 * this fixed illustrative rate — the figures are made up anyway, and the example makes no server call for rates.
 */
export const EXAMPLE_CURRENCY = 'EUR';
export const EXAMPLE_RATES = { EUR: 1, GBP: 0.85 } as const;
type ExampleCurrency = keyof typeof EXAMPLE_RATES;

/** The example's rate into `currency`; other currencies stay in euro. */
function exampleCurrency(currency: string): { currency: ExampleCurrency; rate: number } {
  return currency === 'GBP' || currency === 'EUR' ? { currency, rate: EXAMPLE_RATES[currency] } : { currency: EXAMPLE_CURRENCY, rate: 1 };
}

interface ExampleProduct {
  name: string;
  brand: string;
  category: string;
  gtin: string;
  stock: number;
  oldExcl: number;
  newExcl: number;
  minutesAgo: number;
}

const HOT: ExampleProduct[] = [
  {
    name: 'Olaplex No.3 Hair Perfector 100ml',
    brand: 'Olaplex',
    category: 'Hair Care',
    gtin: '0896364002428',
    stock: 48,
    oldExcl: 19.9,
    newExcl: 11.45,
    minutesAgo: 35,
  },
  {
    name: "L'Oréal Paris Revitalift Laser X3 Day Cream 50ml",
    brand: "L'Oréal Paris",
    category: 'Skin Care',
    gtin: '3600523614431',
    stock: 120,
    oldExcl: 14.2,
    newExcl: 9.1,
    minutesAgo: 70,
  },
  {
    name: 'CeraVe Hydrating Cleanser 236ml',
    brand: 'CeraVe',
    category: 'Skin Care',
    gtin: '3337875597197',
    stock: 260,
    oldExcl: 9.8,
    newExcl: 6.95,
    minutesAgo: 180,
  },
];

const RECENT: ExampleProduct[] = [
  { name: 'Nivea Creme Tin 150ml', brand: 'Nivea', category: 'Body Care', gtin: '4005808158232', stock: 900, oldExcl: 2.95, newExcl: 2.49, minutesAgo: 12 },
  {
    name: 'Maybelline Lash Sensational Mascara Black',
    brand: 'Maybelline',
    category: 'Make-up',
    gtin: '3600531142742',
    stock: 75,
    oldExcl: 6.1,
    newExcl: 4.79,
    minutesAgo: 48,
  },
];

const VAT = 0.19;
const round2 = (v: number) => Math.round(v * 100) / 100;

function toItem(p: ExampleProduct, index: number, now: Date, currency: string): PriceDropItem {
  const fx = exampleCurrency(currency);
  const oldExcl = round2(p.oldExcl * fx.rate);
  const newExcl = round2(p.newExcl * fx.rate);
  // The drop is the euro prices' drop: converting both prices does not change it.
  const pct = dropPercentage(p.oldExcl, p.newExcl);
  const category = dropCategoryOf(pct);
  const detected = new Date(now.getTime() - p.minutesAgo * 60_000);
  return {
    id: index + 1,
    productId: p.gtin,
    productName: p.name,
    productBrand: p.brand,
    productCategory: p.category,
    productPrimaryIdentifier: p.gtin,
    stock: p.stock,
    oldPriceExclVat: oldExcl,
    oldPriceInclVat: round2(oldExcl * (1 + VAT)),
    newPriceExclVat: newExcl,
    newPriceInclVat: round2(newExcl * (1 + VAT)),
    priceDropPercentage: pct,
    dropCategory: category,
    priority: dropPriorityOf(pct),
    dropIcon: DROP_ICONS[category],
    detectedAt: detected.toISOString(),
    expiresAt: new Date(detected.getTime() + 24 * 3600_000).toISOString(),
    qogitaLink: null,
    productImageUrl: null,
    currency: fx.currency,
    bestRoiPercentage: null,
    bestRoiMarket: null,
  };
}

/** `currency`: the user's region currency (EUR or GBP). */
export function exampleHotDeals(now: Date, currency: string = EXAMPLE_CURRENCY): PriceDropItem[] {
  return HOT.map((p, i) => toItem(p, i, now, currency));
}

export function exampleRecentDrops(now: Date, currency: string = EXAMPLE_CURRENCY): PriceDropItem[] {
  return RECENT.map((p, i) => toItem(p, i + HOT.length, now, currency));
}

export function exampleOverview(): DashboardOverview {
  return {
    totalDrops: EXAMPLE_TOTAL_DROPS,
    totalSavings: 1834.56,
    avgDiscount: EXAMPLE_AVG_DISCOUNT,
    topBrand: "L'Oréal Paris",
    recentDrops: RECENT.length,
    currency: 'EUR',
  };
}

const EXAMPLE_TREND = [12, 18, 9, 21, 15, 17, 24, 11, 19, 16, 22, 14, 26, 23];

export function exampleAnalytics(now: Date): DashboardAnalytics {
  const dailyTrend = EXAMPLE_TREND.slice(0, DAILY_TREND_DAYS).map((drops, i) => {
    const day = new Date(now.getTime() - (DAILY_TREND_DAYS - 1 - i) * 86_400_000);
    return { date: day.toISOString().slice(0, 10), drops, avgDiscount: round2(18 + ((i * 7) % 11)) };
  });
  return {
    dropsByCategory: { Minor: 58, Small: 96, Medium: 62, Large: 24, Huge: 7 },
    dropsByPriority: { Low: 21, Medium: 73, High: 85, 'Very High': 37, Critical: 31 },
    topBrands: [
      { brand: "L'Oréal Paris", dropCount: 31 },
      { brand: 'Nivea', dropCount: 24 },
      { brand: 'Maybelline', dropCount: 19 },
      { brand: 'CeraVe', dropCount: 15 },
      { brand: 'Olaplex', dropCount: 9 },
    ],
    dailyTrend,
  };
}

/** Example rows of the Price Alerts table: the hot deals and the recent drops. */
export function examplePriceDrops(now: Date, currency: string = EXAMPLE_CURRENCY): PriceDropItem[] {
  return [...exampleRecentDrops(now, currency), ...exampleHotDeals(now, currency)];
}

export function exampleStats(now: Date): PriceAlertStats {
  return {
    totalProducts: 12480,
    totalPriceDrops: EXAMPLE_TOTAL_DROPS,
    currentUpdateFrequency: 'Hourly',
    lastUpdateTime: new Date(now.getTime() - 20 * 60_000).toISOString(),
    nextUpdateTime: new Date(Math.ceil(now.getTime() / 3600_000) * 3600_000).toISOString(),
    refreshing: false,
    timeZone: 'Europe/Berlin',
  };
}
