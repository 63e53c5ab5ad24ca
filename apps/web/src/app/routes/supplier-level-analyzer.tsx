import { Stack } from '@mantine/core';
import { IconTargetArrow } from '@tabler/icons-react';
import { DemoDataBadge } from '../../components/demo-data-badge.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useMarketDataSource } from '../../features/market-data/api/use-market-data-source.ts';
import { DealsPanel } from '../../features/supplier-analyzer/components/deals-panel.tsx';
import { ScanSetupCard } from '../../features/supplier-analyzer/components/scan-setup-card.tsx';
import { TrackedScanPanel, trackedFromStart, useTrackedSupplierScan } from '../../features/supplier-analyzer/components/supplier-scan-tracker.tsx';

/** Supplier Level Analyzer (SPEC §2): a supplier list in, the products worth buying out. */
export function SupplierLevelAnalyzerPage() {
  const source = useMarketDataSource();
  const [tracked, setTracked] = useTrackedSupplierScan();
  return (
    <Stack gap="lg">
      <PageHeader
        title="Supplier Level Analyzer"
        subtitle="Upload a supplier price list or type products to find high-ROI deals on Amazon."
        icon={<IconTargetArrow size={24} />}
        actions={<DemoDataBadge isDemo={source.data?.isDemo} />}
      />
      <ScanSetupCard onStarted={(answer) => setTracked(trackedFromStart(answer))} />
      <TrackedScanPanel tracked={tracked} onDismiss={() => setTracked(null)} />
      <DealsPanel />
    </Stack>
  );
}
