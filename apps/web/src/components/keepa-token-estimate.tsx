import { Alert, Button, Group, Text } from '@mantine/core';
import { IconCoins, IconHourglass } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { uploadsApi } from '@dealradar/shared/contracts/endpoints/uploads';
import { FILE_TRANSFER_TIMEOUT_MS } from '@dealradar/shared/constants';
import { formatMinutes, spendVersusEstimate, type ScanTokens, type TokenEstimateAnswer } from '@dealradar/shared/keepa-tokens';
import type { MarketChoice } from '@dealradar/shared/best-market';
import { formatCount } from '@dealradar/shared/number-format';
import { callEndpoint } from '../lib/api-client.ts';
import { formatDateTime } from '../lib/date-format.ts';
import { queryKeyOf } from '../lib/endpoint-query.ts';
import { planTokensNote } from '../lib/mapping-checks.ts';
import { useUploadedId, type PendingUpload } from '../lib/supplier-upload.ts';
import { useReportFileChecks, useUploadsLeft } from './mapping-preview-checks.tsx';

interface KeepaTokenEstimateProps {
  /** The file sent once when it was dropped (POST /uploads); the estimate names its id. */
  upload: PendingUpload;
  /** One market, or ALL (issue 17: every market counts, Keepa charges per market). */
  market: MarketChoice;
  eanColumn: string | null;
  sheet?: string;
}

/**
 * Before a scan starts (issue 12): the expected Keepa token cost of the file's EANs that are not in the shared cache
 * and the time at the account's refill rate, e.g. "about 3,400 Keepa tokens, about 2 h 50 min at 20 tokens/min".
 * Asked of the stored upload by id: changing the EAN column or sheet sends the mapping, not the file.
 */
export function KeepaTokenEstimate({ upload, market, eanColumn, sheet }: KeepaTokenEstimateProps) {
  const uploaded = useUploadedId(upload);
  const estimate = useQuery({
    queryKey: [...queryKeyOf(uploadsApi.tokenEstimate, { params: { id: uploaded.id ?? '' } }), market, eanColumn, sheet ?? ''],
    enabled: !!eanColumn && !!uploaded.id,
    staleTime: 60_000,
    retry: false,
    queryFn: () =>
      callEndpoint(uploadsApi.tokenEstimate, {
        params: { id: uploaded.id ?? '' },
        body: { marketId: market, eanColumn: eanColumn ?? '', ...(sheet ? { sheet } : {}) },
        timeoutMs: FILE_TRANSFER_TIMEOUT_MS,
      }),
  });
  // The same read of the file counts its usable and damaged EANs: shown by the dialog's checks (issue 23 items 4–5).
  useReportFileChecks(eanColumn && !estimate.isPending ? estimate.data?.checks : null);
  const left = useUploadsLeft();
  if (!eanColumn) return null;
  const planNote = estimate.data && left !== null ? planTokensNote(estimate.data, left) : null;
  return (
    <Group gap={6} wrap="nowrap" data-testid="keepa-token-estimate">
      <IconCoins size={16} color="var(--mantine-color-dimmed)" />
      <Text size="sm" c={estimate.isError || uploaded.error ? 'dimmed' : undefined}>
        {uploaded.error
          ? `The Keepa token cost could not be estimated: ${uploaded.error}`
          : estimate.isPending
            ? 'Estimating the Keepa tokens this scan needs…'
            : estimate.isError
              ? 'The Keepa token cost could not be estimated.'
              : `${estimateSentence(estimate.data)}${planNote ? ` ${planNote}` : ''}`}
      </Text>
    </Group>
  );
}

/**
 * The estimate as one sentence; for all markets the look-ups of every market are counted. Said once: 'no Keepa
 * tokens: all 470 EANs are in the shared cache' (not '(every EAN is in the shared cache) (0 of 470 …)').
 */
export function estimateSentence(estimate: TokenEstimateAnswer): string {
  const markets = estimate.markets ?? 1;
  const eans = formatCount(estimate.eans);
  if (estimate.eans === 0) return 'The EAN column has no usable EAN, so there is nothing to look up.';
  if (markets > 1) {
    const lookups = formatCount(estimate.eans * markets);
    if (estimate.newEans === 0)
      return `This scan needs no Keepa tokens for ${markets} markets: all ${lookups} EAN look-ups (${eans} EANs × ${markets} markets) are in the shared cache.`;
    return `This scan needs ${estimate.text} for ${markets} markets (${formatCount(estimate.newEans)} of ${lookups} EAN look-ups — ${eans} EANs × ${markets} markets — are not in the shared cache).`;
  }
  if (estimate.newEans === 0) return `This scan needs no Keepa tokens: ${estimate.eans === 1 ? 'its EAN is' : `all ${eans} EANs are`} in the shared cache.`;
  return `This scan needs ${estimate.text} (${formatCount(estimate.newEans)} of ${eans} EANs are not in the shared cache).`;
}

/** During a scan: tokens spent, the time left from tokens and refill, and a wait for tokens with its reason. */
export function ScanTokenProgress({ tokens, running, onCancel }: { tokens: ScanTokens | undefined; running: boolean; onCancel?: () => void }) {
  if (!tokens) return null;
  const spent = `${formatCount(tokens.spent)} Keepa tokens spent`;
  const of = tokens.estimated !== null ? ` of about ${formatCount(tokens.estimated)}` : '';
  const left =
    // Only a real account (balance known) paces the scan; the demo charges like Keepa but never waits.
    running && tokens.minutesRemaining !== null && tokens.refillRate !== null && tokens.tokensLeft !== null
      ? ` · about ${formatMinutes(tokens.minutesRemaining)} left at ${formatCount(tokens.refillRate)} tokens/min`
      : '';
  const until = tokens.waitingUntil ? new Date(tokens.waitingUntil) : null;
  const why = spendVersusEstimate(tokens, running);
  return (
    <>
      <Text size="xs" c="dimmed" data-testid="scan-token-progress">{`${spent}${of}${left}`}</Text>
      {why && (
        <Text size="xs" c="dimmed" data-testid="scan-token-difference">
          {why}
        </Text>
      )}
      {running && until && (
        <Alert variant="light" color="orange" icon={<IconHourglass size={18} />} p="xs" data-testid="scan-token-wait">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text size="xs">
              Waiting for Keepa tokens until {formatDateTime(until)}. {tokens.waitingReason} The scan goes on by itself, also after a server restart.
            </Text>
            {onCancel && (
              <Button size="compact-xs" variant="light" color="red" onClick={onCancel}>
                Cancel scan
              </Button>
            )}
          </Group>
        </Alert>
      )}
    </>
  );
}
