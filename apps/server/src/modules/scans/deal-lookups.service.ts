/** A stored supplier deal (one scan result), as the buy list reads it. */
export type { ResultRow as SupplierDealRow } from './scan-results.repository.ts';

/** Supplier deals by id and the newest of given products, for modules that keep a deal's figures (the buy list). */
export { findUserSupplierDeal, newestSupplierDeals, type SupplierDealKey } from './scan-results.repository.ts';
