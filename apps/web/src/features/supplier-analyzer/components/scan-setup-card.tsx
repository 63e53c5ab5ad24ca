import { useState, type ReactNode } from 'react';
import { Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { SupplierStartResponse } from '@dealradar/shared/contracts/scans';
import { ALL_MARKETS } from '@dealradar/shared/best-market';
import { formatCount } from '@dealradar/shared/number-format';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useStartSupplierScan, type StartSupplierScanInput } from '../api/start-supplier-scan.ts';
import { partialScanMessage } from '../scan-progress.ts';
import { usePreferredMarket } from '../market-preference.ts';
import { toast } from '../toasts.ts';
import { ManualEntryForm } from './manual-entry-form.tsx';
import { SupplierFileUpload } from './supplier-file-upload.tsx';
import { SupplierMarketSelect } from './supplier-market-select.tsx';

type Mode = 'upload' | 'manual';

interface ScanSetupCardProps {
  /** Shown under the upload area (e.g. the demo sample download). */
  footer?: ReactNode;
  /** Why no scan can start now (the plan's EAN uploads for the month are used up), said before a file is chosen. */
  blockedReason?: string | null;
  /** The plan has multi-market analysis: "All markets" is offered. */
  allowAllMarkets?: boolean;
  onStarted: (answer: SupplierStartResponse) => void;
}

/** Market, Upload CSV / Manual entry toggle and the start of a scan (SPEC §2, §7). */
export function ScanSetupCard({ footer, blockedReason, allowAllMarkets = false, onStarted }: ScanSetupCardProps) {
  // The remembered market, else the region's.
  const [market, chooseMarket] = usePreferredMarket(allowAllMarkets);
  const [mode, setMode] = useState<Mode>('upload');
  const start = useStartSupplierScan();

  const run = (input: StartSupplierScanInput) => {
    start.mutate(input, {
      onSuccess: (answer) => {
        const partial = partialScanMessage(answer);
        if (partial) toast('Scan Started (Partial)', partial, 'orange');
        else toast('Scan Started', `Analyzing ${formatCount(answer.totalEans)} EANs.`, 'blue');
        onStarted(answer);
      },
      // A 403 already has its one 'Upgrade Required' notice (SPEC §8, shown by the API client): no second toast.
      onError: (error) => {
        if (error instanceof ApiError && error.status === 403) return;
        toast('Error', errorMessage(error, 'Failed to start scan'), 'red');
      },
    });
  };

  const disabled = start.isPending;
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
          <div>
            <Title order={4}>Analyze a supplier list</Title>
            <Text size="sm" c="dimmed">
              Upload a price list or type a few products: each is matched to its Amazon listing and kept when it meets your ROI.
            </Text>
          </div>
          <Group align="flex-end" gap="md" wrap="wrap">
            <SupplierMarketSelect value={market} onChange={chooseMarket} disabled={start.isPending} allowAllMarkets={allowAllMarkets} />
            <SegmentedControl
              value={mode}
              onChange={(v) => setMode(v as Mode)}
              data={[
                { value: 'upload', label: 'Upload CSV' },
                { value: 'manual', label: 'Manual entry' },
              ]}
            />
          </Group>
        </Group>
        {market === ALL_MARKETS && (
          <Text size="sm" c="dimmed" data-testid="all-markets-note">
            Every product is priced in all seven markets, each in its own currency with your seller profile, and compared in your region&apos;s currency: a deal
            shows its best market and the runner-up. Keepa charges per market, so a new list costs about seven times the tokens.
          </Text>
        )}
        {mode === 'upload' ? (
          <>
            <SupplierFileUpload
              disabled={disabled}
              blockedReason={blockedReason}
              loading={start.isPending}
              market={market}
              onStart={(file, upload, mapping) => run({ kind: 'file', marketId: market, file, upload, mapping })}
            />
            {footer}
          </>
        ) : (
          <ManualEntryForm
            disabled={disabled || !!blockedReason}
            loading={start.isPending}
            onStart={(rows, options) => run({ kind: 'manual', marketId: market, rows, ...options })}
          />
        )}
      </Stack>
    </Card>
  );
}
