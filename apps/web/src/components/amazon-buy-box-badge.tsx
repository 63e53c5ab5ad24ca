import { Badge, Tooltip } from '@mantine/core';

/**
 * "Amazon holds the buy box": the current buy-box holder is Amazon's own seller id for the market. Hard to
 * win against; deals, favorites and the drops' profit basis show it, and the lists can hide such products.
 */
export function AmazonBuyBoxBadge() {
  return (
    <Tooltip label="Amazon itself sells this product and holds the buy box: hard to win sales against.">
      <Badge color="orange" variant="light" size="sm" data-testid="amazon-buy-box">
        Amazon holds the buy box
      </Badge>
    </Tooltip>
  );
}
