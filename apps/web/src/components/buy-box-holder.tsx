import { Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { sellerAccountApi } from '@dealradar/shared/contracts/endpoints/seller-account';
import { amazonSellerUrl, isAmazonSellerId } from '@dealradar/shared/markets';
import { endpointQuery } from '../lib/endpoint-query.ts';
import { NO_VALUE } from '../lib/format.ts';

const sellerAccountQuery = endpointQuery(sellerAccountApi.get);

/** The holder as the card says it: 'Amazon', 'You' (the organization's connected seller account), or the seller id. */
export function buyBoxHolderLabel(sellerId: string | null | undefined, ownSellerId: string | null | undefined): string {
  if (!sellerId) return NO_VALUE;
  if (isAmazonSellerId(sellerId)) return 'Amazon';
  if (ownSellerId && sellerId === ownSellerId) return 'You';
  return `seller ${sellerId}`;
}

/**
 * "Buy box: Amazon" when Amazon itself holds it (its own seller ids, SPEC §9); "Buy box: You" when the holder is the
 * organization's own seller account (its merchant id, known once a seller account is connected); otherwise
 * the seller's id, linked to the seller's page on the market's Amazon site where its name is shown (we do not know
 * other sellers' names).
 */
export function BuyBoxHolder({ market, sellerId }: { market: string; sellerId: string | null | undefined }) {
  const account = useQuery(sellerAccountQuery);
  const label = buyBoxHolderLabel(sellerId, account.data?.connected ? account.data.merchantId : null);
  const url = sellerId && label.startsWith('seller ') ? amazonSellerUrl(market, sellerId) : undefined;
  return (
    <Text size="xs" c="dimmed" data-testid="buy-box-holder">
      Buy box:{' '}
      {url ? (
        <>
          seller{' '}
          <Anchor href={url} target="_blank" rel="noopener noreferrer" size="xs" title="The seller's page on Amazon, with its name">
            {sellerId}
          </Anchor>
        </>
      ) : (
        label
      )}
    </Text>
  );
}
