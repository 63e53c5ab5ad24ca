import { Anchor, Text } from '@mantine/core';
import { amazonSellerUrl, isAmazonSellerId } from '@dealradar/shared/markets';

/**
 * "Buy box: Amazon" when Amazon itself holds it (its own seller ids, SPEC §9); otherwise the seller's id, linked to
 * the seller's page on the market's Amazon site where its name is shown (we do not know other sellers' names, and no
 * user's own seller id is kept; issue 23).
 */
export function BuyBoxHolder({ market, sellerId }: { market: string; sellerId: string | null | undefined }) {
  if (!sellerId)
    return (
      <Text size="xs" c="dimmed" data-testid="buy-box-holder">
        Buy box: —
      </Text>
    );
  if (isAmazonSellerId(sellerId))
    return (
      <Text size="xs" c="dimmed" data-testid="buy-box-holder">
        Buy box: Amazon
      </Text>
    );
  const url = amazonSellerUrl(market, sellerId);
  return (
    <Text size="xs" c="dimmed" data-testid="buy-box-holder">
      Buy box: seller{' '}
      {url ? (
        <Anchor href={url} target="_blank" rel="noopener noreferrer" size="xs" title="The seller's page on Amazon, with its name">
          {sellerId}
        </Anchor>
      ) : (
        sellerId
      )}
    </Text>
  );
}
