import { isAmazonBuyBox } from '@dealradar/shared/markets';

/** The stored columns of the Amazon listing facts every deal and favorite row carries. */
export interface ListingFactsRow {
  main_category_rank: number | null;
  beauty_category_rank: number | null;
  estimated_monthly_sales: number | null;
  rating: number | null;
  review_count: number | null;
  number_of_sellers: number | null;
  buy_box_seller_id: string | null;
  amazon_image_url: string | null;
}

/** A row's listing facts as the API answers them (contracts/listing-facts.ts): the image is Amazon's, else Qogita's. */
export function listingFactsOf(row: ListingFactsRow & { market: string }, qogitaImageUrl: string | null) {
  return {
    mainCategoryRank: row.main_category_rank,
    beautyCategoryRank: row.beauty_category_rank,
    estimatedMonthlySales: row.estimated_monthly_sales,
    rating: row.rating,
    reviewCount: row.review_count,
    numberOfSellers: row.number_of_sellers,
    buyBoxSellerId: row.buy_box_seller_id,
    amazonHoldsBuyBox: isAmazonBuyBox(row.market, row.buy_box_seller_id),
    amazonImageUrl: row.amazon_image_url,
    qogitaImageUrl,
    imageUrl: row.amazon_image_url ?? qogitaImageUrl,
  };
}
