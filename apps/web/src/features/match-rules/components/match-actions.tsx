import { useState } from 'react';
import { Anchor, Badge, Button, Group, Modal, NumberInput, Stack, Table, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowsExchange, IconCheck, IconLink, IconUnlink } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { MatchAlternative, MatchSource } from '@dealradar/shared/contracts/match-rules';
import { getMarket, isMarketId } from '@dealradar/shared/markets';
import { formatMoney, moneyWithListAmount, type Conversion } from '@dealradar/shared/money';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatCount, formatPercent, NO_VALUE } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSaveMatchRule } from '../api/match-rules.ts';

/** What a deal or favorite card tells the match actions. */
export interface MatchItem {
  ean: string;
  asin: string;
  market: string;
  productName: string | null;
  /** Units of the current match (the deal's pack count; 1 when unknown). */
  numberOfPacks: number;
  alternatives: MatchAlternative[];
  matchSource: MatchSource | null;
  /**
   * The market currency against the list's (a supplier deal in a GBP market: its breakdown's rate), so the other
   * listings' prices follow the money rule ('£19.95 · €22.81 at 0.8745 on 28 Nov'); absent: the list is in the market's currency.
   */
  conversion?: Conversion | null;
}

const PRICE_KIND: Record<NonNullable<MatchAlternative['priceKind']>, string> = {
  'buy-box': '(buy box)',
  'lowest-fba': '(lowest FBA offer)',
  'lowest-fbm': '(lowest merchant offer)',
};

/**
 * The mark of how the listing was chosen (an "always match" shows on the card): the organization's always
 * rule with its pack count, or the admin's mapping; nothing for the best-ranked listing.
 */
export function matchSourceLabel(source: MatchSource | null, numberOfPacks: number): string | null {
  if (source === 'rule') return `Always matched · ${numberOfPacks}-pack`;
  if (source === 'mapping') return 'Admin mapping';
  return null;
}

/**
 * "Wrong match", "Always match" and the other listings of the EAN. Every action saves a rule for the
 * organization; it applies to every later scan (and a wrong match leaves the lists at once).
 */
export function MatchActions({ item, onChanged }: { item: MatchItem; onChanged?: () => void }) {
  const save = useSaveMatchRule(onChanged);
  const [alwaysOpen, setAlwaysOpen] = useState(false);
  const [altOpen, setAltOpen] = useState(false);
  const [packs, setPacks] = useState<number | string>(item.numberOfPacks);
  // An always-match saved from this card: marked at once, used from the next scan on.
  const [savedAlways, setSavedAlways] = useState<{ asin: string; numberOfPacks: number } | null>(null);
  const source = matchSourceLabel(item.matchSource, item.numberOfPacks);

  const market = isMarketId(item.market) ? item.market : null;
  const currency = market ? getMarket(market).currency : 'EUR';
  const price = (amount: number | null) => (item.conversion ? moneyWithListAmount(amount, item.conversion) : formatMoney(amount, currency));
  /** The other listing's price now and what it is: buy box, else its lowest offer (the buy box was not fetched). */
  const alternativePrice = (alt: MatchAlternative) => {
    const amount = alt.price ?? alt.buyBoxPrice;
    if (amount === null) return 'No offer known';
    const kind = alt.priceKind ?? 'buy-box';
    return `${price(amount)} ${PRICE_KIND[kind]}`;
  };
  const saved = (message: string) => notifySuccess(message, 'Match rule saved');
  const failed = (error: unknown) => notifyError(errorMessage(error, 'Failed to save the match rule'));

  const markWrong = () =>
    modals.openConfirmModal({
      title: 'Wrong match?',
      centered: true,
      children: (
        <Text size="sm">
          EAN {item.ean} will never be matched to ASIN {item.asin} again for your organization. This deal leaves your lists now; the next scan uses another
          listing of the EAN, if there is one. You can undo this under Settings → Match rules.
        </Text>
      ),
      labels: { confirm: 'Wrong match', cancel: 'Cancel' },
      confirmProps: { color: 'red', 'data-testid': 'confirm-wrong-match' } as Record<string, unknown>,
      onConfirm: () =>
        save.mutate(
          { ean: item.ean, asin: item.asin, kind: 'never', market, productName: item.productName },
          { onSuccess: () => saved(`EAN ${item.ean} is never matched to ${item.asin} again.`), onError: failed },
        ),
    });

  const always = (asin: string, numberOfPacks: number, productName: string | null) =>
    save.mutate(
      { ean: item.ean, asin, kind: 'always', numberOfPacks, market, productName },
      {
        onSuccess: () => {
          setAlwaysOpen(false);
          setAltOpen(false);
          setSavedAlways({ asin, numberOfPacks });
          saved(`EAN ${item.ean} is always matched to ${asin} (${numberOfPacks}-pack) from the next scan on.`);
        },
        onError: failed,
      },
    );

  return (
    <Group gap="xs" wrap="wrap" data-testid="match-actions">
      {source && !savedAlways && (
        <Badge size="sm" variant="light" color="violet" leftSection={<IconLink size={12} />} data-testid="match-source" tt="none">
          {source}
        </Badge>
      )}
      {savedAlways && (
        <Tooltip label="Saved for your organization: the next scan uses this match">
          <Badge size="sm" variant="light" color="teal" leftSection={<IconLink size={12} />} data-testid="match-source" tt="none">
            {savedAlways.asin === item.asin
              ? `Always matched · ${savedAlways.numberOfPacks}-pack (from the next scan)`
              : `Always matched to ${savedAlways.asin} · ${savedAlways.numberOfPacks}-pack (from the next scan)`}
          </Badge>
        </Tooltip>
      )}
      {item.alternatives.length > 0 && (
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconArrowsExchange size={14} />}
          onClick={() => setAltOpen(true)}
          data-testid="match-alternatives"
        >
          {item.alternatives.length === 1 ? '1 other listing' : `${item.alternatives.length} other listings`}
        </Button>
      )}
      <Tooltip label="Always match this EAN to this ASIN, with its pack count">
        <Button
          size="compact-xs"
          variant="subtle"
          color="teal"
          leftSection={<IconCheck size={14} />}
          onClick={() => setAlwaysOpen(true)}
          data-testid="match-always"
        >
          Always match
        </Button>
      </Tooltip>
      <Tooltip label="Never match this EAN to this ASIN">
        <Button
          size="compact-xs"
          variant="subtle"
          color="red"
          leftSection={<IconUnlink size={14} />}
          onClick={markWrong}
          loading={save.isPending}
          data-testid="match-wrong"
        >
          Wrong match
        </Button>
      </Tooltip>

      <Modal opened={alwaysOpen} onClose={() => setAlwaysOpen(false)} title="Always match" centered>
        <Stack gap="sm">
          <Text size="sm">
            EAN {item.ean} will always be matched to ASIN {item.asin} for your organization, also over an admin mapping. How many units of the supplier's
            product make one Amazon listing?
          </Text>
          <NumberInput label="Units per Amazon listing" min={1} max={1000} allowDecimal={false} value={packs} onChange={setPacks} data-testid="match-packs" />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAlwaysOpen(false)}>
              Cancel
            </Button>
            <Button
              onClick={() => always(item.asin, Number(packs) || 1, item.productName)}
              loading={save.isPending}
              disabled={!Number.isInteger(Number(packs)) || Number(packs) < 1}
              data-testid="confirm-always-match"
            >
              Always match
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal opened={altOpen} onClose={() => setAltOpen(false)} title={`Other listings of EAN ${item.ean} (${item.market})`} size="lg" centered>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Now matched: {item.asin} ({item.numberOfPacks}-pack). Choosing another listing saves an "always match" rule with its pack count; the next scan uses
            it.
          </Text>
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="xs" data-testid="match-alternatives-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>ASIN</Table.Th>
                  <Table.Th>Title</Table.Th>
                  <Table.Th>Pack</Table.Th>
                  <Table.Th>Rank</Table.Th>
                  <Table.Th>Price</Table.Th>
                  <Table.Th>ROI</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {item.alternatives.map((alt) => (
                  <Table.Tr key={alt.asin} data-asin={alt.asin}>
                    <Table.Td>{alt.asin}</Table.Td>
                    <Table.Td>
                      <Text size="xs" lineClamp={2}>
                        {alt.title ?? NO_VALUE}
                      </Text>
                    </Table.Td>
                    <Table.Td>{alt.numberOfPacks}</Table.Td>
                    <Table.Td>{formatCount(alt.mainCategoryRank)}</Table.Td>
                    <Table.Td data-testid="alternative-price">{alternativePrice(alt)}</Table.Td>
                    <Table.Td data-testid="alternative-roi">{alt.roiPercentage === null ? NO_VALUE : formatPercent(alt.roiPercentage)}</Table.Td>
                    <Table.Td>
                      <Button size="compact-xs" onClick={() => always(alt.asin, alt.numberOfPacks, alt.title)} loading={save.isPending}>
                        Use this match
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Anchor component={Link} to="/settings#match-rules" size="sm">
            Review your organization's match rules
          </Anchor>
        </Stack>
      </Modal>
    </Group>
  );
}
