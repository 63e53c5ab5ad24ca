import type { RetailProvider } from './provider.types.ts';

/**
 * MARKET_DATA=qogita: no Amazon API. Listings come only from Keepa exports an admin imported into the cache;
 * an EAN that no import covers has no listing. Makes no upstream request.
 */
export function createImportOnlyRetailProvider(): RetailProvider {
  return {
    name: 'import',
    isDemo: false,
    batchSize: 1000,
    async lookupEans() {
      return { found: new Map(), failed: [], requests: 0 };
    },
    async lookupAsins() {
      return { found: new Map(), failed: [], requests: 0 };
    },
  };
}
