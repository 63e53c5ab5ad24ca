import { Badge, Group, Stack, Tooltip } from '@mantine/core';
import { IconTargetArrow } from '@tabler/icons-react';
import { formatLimit } from '@dealradar/shared/tiers';
import { DemoDataBadge } from '../../components/demo-data-badge.tsx';
import { DemoSampleButton } from '../../components/demo-sample-button.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useMarketDataSource } from '../../features/market-data/api/use-market-data-source.ts';
import { useSubscriptionStatus } from '../../features/plans/api/get-subscription-status.ts';
import { EanLimitAlert } from '../../features/plans/components/ean-limit-alert.tsx';
import { DealsPanel } from '../../features/supplier-analyzer/components/deals-panel.tsx';
import { ScanSetupCard } from '../../features/supplier-analyzer/components/scan-setup-card.tsx';
import { TrackedScanPanel, trackedFromStart, useTrackedSupplierScan } from '../../features/supplier-analyzer/components/supplier-scan-tracker.tsx';

/** Supplier Level Analyzer (SPEC §2): a supplier list in, the products worth buying out. */
export function SupplierLevelAnalyzerPage() {
  const source = useMarketDataSource();
  const subscription = useSubscriptionStatus();
  const [tracked, setTracked] = useTrackedSupplierScan();
  const usage = subscription.data;
  return (
    <Stack gap="lg">
      <PageHeader
        title="Supplier Level Analyzer"
        subtitle="Upload a supplier price list or type products to find high-ROI deals on Amazon."
        icon={<IconTargetArrow size={24} />}
        actions={
          <Group gap="xs">
            <DemoDataBadge isDemo={source.data?.isDemo} />
            {usage && (
              <Tooltip label="EANs analyzed this month against your plan's monthly limit">
                <Badge variant="light" color="gray" size="lg" data-testid="ean-usage">
                  EAN uploads: {usage.eanUploadsThisMonth.toLocaleString('en-US')} / {formatLimit(usage.eanUploadLimit)}
                </Badge>
              </Tooltip>
            )}
          </Group>
        }
      />
      <EanLimitAlert status={usage} />
      <ScanSetupCard footer={<DemoSampleButton isDemo={source.data?.isDemo} />} onStarted={(answer) => setTracked(trackedFromStart(answer))} />
      <TrackedScanPanel tracked={tracked} onDismiss={() => setTracked(null)} />
      <DealsPanel />
    </Stack>
  );
}
