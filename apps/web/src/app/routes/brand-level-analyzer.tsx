import { useCallback, useState } from 'react';
import { Alert, Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { IconAlertCircle, IconChartBar, IconLock } from '@tabler/icons-react';
import { brandAnalyzerApi } from '@dealradar/shared/contracts/endpoints/brand-analyzer';
import { formatLimit } from '@dealradar/shared/tiers';
import { DemoDataBadge } from '../../components/demo-data-badge.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { invalidateCalls } from '../../lib/endpoint-query.ts';
import { FavoritesCard } from '../../features/brand-analyzer/components/favorites-card.tsx';
import { MatchActions } from '../../features/match-rules/components/match-actions.tsx';
import { AddFavoriteToBuyList } from '../../features/buy-list/components/add-favorite-to-buy-list.tsx';
import { ScanConfigCard } from '../../features/brand-analyzer/components/scan-config-card.tsx';
import { ScanStatusPanel } from '../../features/brand-analyzer/components/scan-status-panel.tsx';
import { useBrandScanTracker } from '../../features/brand-analyzer/use-brand-scan-tracker.ts';
import { useMarketDataSource } from '../../features/market-data/api/use-market-data-source.ts';
import { useSubscriptionStatus } from '../../features/plans/api/get-subscription-status.ts';
import { WHOLESALE_MARKETPLACE } from '../layouts/nav-items.ts';
import { formatCount } from '../../lib/format.ts';

/** Brand Level Analyzer (SPEC §2): scan whole wholesale brands across Amazon markets and keep the favorites. */
export function BrandLevelAnalyzerPage() {
  const [error, setError] = useState<string | null>(null);
  const onError = useCallback((message: string) => setError(message), []);
  const tracker = useBrandScanTracker(onError);
  const source = useMarketDataSource();
  const usage = useSubscriptionStatus().data;
  const queryClient = useQueryClient();
  const refreshFavorites = () => void invalidateCalls(queryClient, brandAnalyzerApi.favorites);
  const scansLocked = !!usage && (!usage.brandProfitabilityAnalysis || usage.qogitaAccessLevel === 'none');

  return (
    <Stack gap="lg">
      <PageHeader
        title="Brand Level Analyzer"
        help={{ doc: 'brand-analysis', label: 'Help: Brand Analysis' }}
        subtitle={`Scan whole ${WHOLESALE_MARKETPLACE} brands across Amazon markets and keep the profitable products as favorites.`}
        icon={<IconChartBar size={24} />}
        actions={
          <Group gap="xs">
            <DemoDataBadge isDemo={source.data?.isDemo} />
            {usage && (
              <Tooltip label="Brands scanned today against your plan's daily brand checks">
                <Badge variant="light" color="gray" size="lg" data-testid="brand-check-usage">
                  Brand checks today: {formatCount(usage.qogitaBrandChecksToday)} / {formatLimit(usage.qogitaBrandChecksPerDay)}
                </Badge>
              </Tooltip>
            )}
          </Group>
        }
      />
      {error && (
        <Alert color="red" title="Error" icon={<IconAlertCircle size={18} />} withCloseButton onClose={() => setError(null)} data-testid="brand-analyzer-error">
          {error}
        </Alert>
      )}
      {scansLocked && (
        <Alert color="orange" title="Brand scans are not included in your plan" icon={<IconLock size={18} />} data-testid="brand-scan-locked">
          <Group justify="space-between" gap="sm">
            <Text size="sm">Upgrade to a plan with wholesale brand checks to scan whole brands. Your favorites stay available.</Text>
            <Button component={Link} to="/subscription" color="orange" size="xs">
              Upgrade Now
            </Button>
          </Group>
        </Alert>
      )}
      <ScanConfigCard
        scanRunning={tracker.isRunning}
        maxMarkets={usage && !usage.multiMarketProfitAnalysis ? 1 : undefined}
        onStarted={(scanId) => {
          setError(null);
          tracker.follow(scanId);
        }}
        onError={onError}
      />
      {tracker.scan && <ScanStatusPanel scan={tracker.scan} />}
      <FavoritesCard
        onError={onError}
        renderMatch={(favorite) => (
          <MatchActions
            item={{
              ean: favorite.ean,
              asin: favorite.asin,
              market: favorite.market,
              productName: favorite.productName,
              numberOfPacks: 1,
              alternatives: favorite.alternatives,
              matchSource: favorite.matchSource,
            }}
            onChanged={refreshFavorites}
          />
        )}
        renderBuyList={(favorite) => <AddFavoriteToBuyList favorite={favorite} />}
      />
    </Stack>
  );
}
