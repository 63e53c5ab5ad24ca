import { useQuery } from '@tanstack/react-query';
import { MARKETS, type MarketId } from '@dealradar/shared/markets';
import { primaryCountryQueryOptions } from './primary-country.ts';

/**
 * The Amazon market of the user's region: UK → UK; continental Europe → the primary country's market
 * (DE, FR, IT, ES); no region yet → the first market (DE). The analyzers start there until the user chooses another.
 */
export function regionMarket(primaryCountry: string | null | undefined): MarketId {
  const market = MARKETS.find((m) => m.id === primaryCountry);
  return market ? market.id : MARKETS[0]!.id;
}

/** The region's market, or undefined while the region is still loading (GET /user/settings/primary-country). */
export function useRegionMarket(): MarketId | undefined {
  const primaryCountry = useQuery(primaryCountryQueryOptions);
  return primaryCountry.isPending ? undefined : regionMarket(primaryCountry.data?.country);
}
