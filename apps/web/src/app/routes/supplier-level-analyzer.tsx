import { AddToBuyList } from '../../features/buy-list/components/add-to-buy-list.tsx';
import { Badge, Group, Stack, Tooltip } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconTargetArrow } from '@tabler/icons-react';
import { supplierAnalyzerApi } from '@dealradar/shared/contracts/endpoints/scans';
import { breakdownConversion } from '@dealradar/shared/money';
import { formatCount } from '@dealradar/shared/number-format';
import { formatLimit } from '@dealradar/shared/tiers';
import { DemoDataBadge } from '../../components/demo-data-badge.tsx';
import { DemoSampleButton } from '../../components/demo-sample-button.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { HelpTextLink } from '../../components/help-text-link.tsx';
import { invalidateCalls } from '../../lib/endpoint-query.ts';
import { useMarketDataSource } from '../../features/market-data/api/use-market-data-source.ts';
import { useSubscriptionStatus } from '../../features/plans/api/get-subscription-status.ts';
import { EanLimitAlert } from '../../features/plans/components/ean-limit-alert.tsx';
import { isLimitExhausted } from '../../features/plans/plan-rules.ts';
import { DealsPanel } from '../../features/supplier-analyzer/components/deals-panel.tsx';
import { MatchActions } from '../../features/match-rules/components/match-actions.tsx';
import { SupplierListsCard } from '../../features/supplier-analyzer/components/supplier-lists-card.tsx';
import { ScanSetupCard } from '../../features/supplier-analyzer/components/scan-setup-card.tsx';
import { TrackedScanPanel, trackedFromStart, useTrackedSupplierScan } from '../../features/supplier-analyzer/components/supplier-scan-tracker.tsx';

/** Supplier Level Analyzer (SPEC §2): a supplier list in, the products worth buying out. */
export function SupplierLevelAnalyzerPage() {
  const source = useMarketDataSource();
  const subscription = useSubscriptionStatus();
  const [tracked, setTracked] = useTrackedSupplierScan();
  const queryClient = useQueryClient();
  const refreshDeals = () => void invalidateCalls(queryClient, supplierAnalyzerApi.results);
  const usage = subscription.data;
  // Issue 16: an exhausted allowance is said in the drop zone before a file is chosen (SPEC §6's sentence).
  const blockedReason =
    usage && isLimitExhausted(usage.eanUploadsThisMonth, usage.eanUploadLimit)
      ? `You have used all ${formatLimit(usage.eanUploadLimit)} EAN uploads for this month.`
      : null;
  return (
    <Stack gap="lg">
      <PageHeader
        title="Supplier Level Analyzer"
        help={{ doc: 'deals-analyzer', label: 'Help: the Deals Analyzer and its fields' }}
        subtitle={
          <>
            Upload a supplier price list or type products to find high-ROI deals on Amazon.{' '}
            <HelpTextLink doc="supplier-files">How to prepare a supplier file</HelpTextLink>
          </>
        }
        icon={<IconTargetArrow size={24} />}
        actions={
          <Group gap="xs">
            <DemoDataBadge isDemo={source.data?.isDemo} />
            {usage && (
              <Tooltip label="EANs analyzed this month against your plan's monthly limit">
                <Badge variant="light" color="gray" size="lg" data-testid="ean-usage">
                  EAN uploads: {formatCount(usage.eanUploadsThisMonth)} / {formatLimit(usage.eanUploadLimit)}
                </Badge>
              </Tooltip>
            )}
          </Group>
        }
      />
      <EanLimitAlert status={usage} />
      <ScanSetupCard
        blockedReason={blockedReason}
        allowAllMarkets={!!usage?.multiMarketProfitAnalysis}
        footer={<DemoSampleButton isDemo={source.data?.isDemo} />}
        onStarted={(answer) => setTracked(trackedFromStart(answer))}
      />
      <TrackedScanPanel tracked={tracked} onDismiss={() => setTracked(null)} />
      <SupplierListsCard
        onRerunStarted={(answer) => setTracked(trackedFromStart(answer))}
        allowance={usage ? { used: usage.eanUploadsThisMonth, limit: usage.eanUploadLimit } : undefined}
      />
      <DealsPanel
        renderBuyList={(deal) => deal.supplierPrice !== null && <AddToBuyList deal={deal} />}
        renderMatch={(deal) => (
          <MatchActions
            item={{
              ean: deal.ean,
              asin: deal.asin,
              market: deal.market,
              productName: deal.productName,
              numberOfPacks: deal.breakdown.numberOfPacks,
              alternatives: deal.alternatives,
              matchSource: deal.matchSource,
              conversion: breakdownConversion(deal.breakdown),
            }}
            onChanged={refreshDeals}
          />
        )}
      />
    </Stack>
  );
}
