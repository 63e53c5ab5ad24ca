import { z } from 'zod';

/**
 * The Amazon listing facts every deal (supplier and CSV Template analyzers) and every favorite (Brand Level Analyzer)
 * carries — SPEC §3 'Favorite / deal product'. Spread into both schemas.
 */
export const listingFactsShape = {
  mainCategoryRank: z.number().int().nullable(),
  beautyCategoryRank: z.number().int().nullable(),
  estimatedMonthlySales: z.number().int().nullable(),
  rating: z.number().nullable(),
  reviewCount: z.number().int().nullable(),
  numberOfSellers: z.number().int().nullable(),
  buyBoxSellerId: z.string().nullable(),
  /** The buy-box holder is Amazon's own seller id for the listing's market ("Amazon holds the buy box"). */
  amazonHoldsBuyBox: z.boolean(),
  amazonImageUrl: z.string().nullable(),
  qogitaImageUrl: z.string().nullable(),
  imageUrl: z.string().nullable(),
};
