/** The retail markets of SPEC §3 (Market table). */
export const MARKET_IDS = ['DE', 'UK', 'FR', 'IT', 'ES', 'US', 'CA'] as const;
export type MarketId = (typeof MARKET_IDS)[number];

export interface Market {
  id: MarketId;
  name: string;
  currency: 'EUR' | 'GBP' | 'USD' | 'CAD';
  vatRate: number;
  marketplaceId: string;
  region: 'Europe' | 'North America';
}

export const MARKETS: readonly Market[] = [
  { id: 'DE', name: 'Germany', currency: 'EUR', vatRate: 0.19, marketplaceId: 'A1PA6795UKMFR9', region: 'Europe' },
  { id: 'UK', name: 'United Kingdom', currency: 'GBP', vatRate: 0.2, marketplaceId: 'A1F83G8C2ARO7P', region: 'Europe' },
  { id: 'FR', name: 'France', currency: 'EUR', vatRate: 0.2, marketplaceId: 'A13V1IB3VIYZZH', region: 'Europe' },
  { id: 'IT', name: 'Italy', currency: 'EUR', vatRate: 0.22, marketplaceId: 'APJ6JRA9NG5V4', region: 'Europe' },
  { id: 'ES', name: 'Spain', currency: 'EUR', vatRate: 0.21, marketplaceId: 'A1RKKUPIHCS9HS', region: 'Europe' },
  { id: 'US', name: 'United States', currency: 'USD', vatRate: 0, marketplaceId: 'ATVPDKIKX0DER', region: 'North America' },
  { id: 'CA', name: 'Canada', currency: 'CAD', vatRate: 0, marketplaceId: 'A2EUQ1WTGCTBG2', region: 'North America' },
];

export function isMarketId(value: unknown): value is MarketId {
  return typeof value === 'string' && (MARKET_IDS as readonly string[]).includes(value);
}

export function getMarket(id: MarketId): Market {
  const market = MARKETS.find((m) => m.id === id);
  if (!market) throw new Error(`Unknown market ${id}`);
  return market;
}

/**
 * Amazon's own retail seller id per marketplace (external-apis.md §9.1): a buy box held by one of these is held by
 * Amazon itself. UK/DE/FR/IT/ES agree in two independent public lists; US (also the US marketplace id) and CA are
 * single-source.
 */
export const AMAZON_SELLER_IDS: Record<MarketId, string> = {
  DE: 'A3JWKAKR8XB7XF',
  UK: 'A3P5ROKL5A1OLE',
  FR: 'A1X6FK5RDHNB96',
  IT: 'A11IL2PNWYJU7H',
  ES: 'A1AT7YVPFBWXBL',
  US: 'ATVPDKIKX0DER',
  CA: 'A3DWYIK6Y9EEQB',
};

/** True when the buy-box holder is Amazon's own seller id for that market ("Amazon holds the buy box"). */
export function isAmazonBuyBox(market: string, sellerId: string | null | undefined): boolean {
  return !!sellerId && isMarketId(market) && AMAZON_SELLER_IDS[market] === sellerId;
}

/** Any of Amazon's own seller ids (display: the id is shown as 'Amazon'). */
export function isAmazonSellerId(sellerId: string | null | undefined): boolean {
  return !!sellerId && (Object.values(AMAZON_SELLER_IDS) as string[]).includes(sellerId);
}

export function findMarketByMarketplaceId(marketplaceId: string): Market | undefined {
  return MARKETS.find((m) => m.marketplaceId === marketplaceId);
}

/** Amazon storefront hosts (SPEC §9 marketplace links). NL, PL, SE appear only in links. */
export const MARKETPLACE_HOSTS: Record<string, string> = {
  DE: 'www.amazon.de',
  UK: 'www.amazon.co.uk',
  FR: 'www.amazon.fr',
  IT: 'www.amazon.it',
  ES: 'www.amazon.es',
  NL: 'www.amazon.nl',
  PL: 'www.amazon.pl',
  SE: 'www.amazon.se',
  US: 'www.amazon.com',
  CA: 'www.amazon.ca',
};

export function amazonProductUrl(market: string, asin: string): string | undefined {
  const host = MARKETPLACE_HOSTS[market];
  return host ? `https://${host}/dp/${encodeURIComponent(asin)}` : undefined;
}

/**
 * The storefront page of a seller on a market's Amazon site, where Amazon shows the seller's name (we store only the
 * id the market data gives: the screens show the name where we know it, and link the id to it otherwise).
 */
export function amazonSellerUrl(market: string, sellerId: string): string | undefined {
  const host = MARKETPLACE_HOSTS[market];
  return host ? `https://${host}/sp?seller=${encodeURIComponent(sellerId)}` : undefined;
}

export const CURRENCY_SYMBOLS: Record<string, string> = { EUR: '€', GBP: '£', USD: '$', CAD: 'CA$' };
