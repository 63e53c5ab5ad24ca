import { isSellerCountry, SELLER_COUNTRY_NAMES } from '@dealradar/shared/fee-rules';

/** "Seller established in Germany, VAT-registered" — shown next to every profit basis. */
export function sellerProfileText(seller: { country: string; vatRegistered: boolean } | undefined | null): string | null {
  if (!seller) return null;
  const country = isSellerCountry(seller.country) ? SELLER_COUNTRY_NAMES[seller.country] : seller.country;
  return `Seller established in ${country}, ${seller.vatRegistered ? 'VAT-registered' : 'not VAT-registered'}`;
}
