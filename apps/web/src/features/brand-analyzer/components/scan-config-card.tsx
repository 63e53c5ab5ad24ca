import { useEffect, useMemo, useState } from 'react';
import { Button, Card, Group, MultiSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { groupBrandsByCategory } from '@dealradar/shared/brand-categories';
import { BRAND_SCAN_REQUIRED_MESSAGE } from '@dealradar/shared/contracts/brand-analyzer';
import { errorMessage } from '../../../lib/api-client.ts';
import { useRegionMarket } from '../../../lib/region-market.ts';
import { useBrands } from '../api/get-brands.ts';
import { useMarkets } from '../api/get-markets.ts';
import { useStartBrandScan } from '../api/start-brand-scan.ts';

export const LOAD_OPTIONS_ERROR = 'Failed to load brands and markets';
export const START_SCAN_ERROR = 'Failed to start scan';

interface ScanConfigCardProps {
  /** A scan is running: a new one cannot start. */
  scanRunning: boolean;
  /** Markets one scan may cover on the user's plan (display only; the server enforces it). */
  maxMarkets?: number;
  onStarted: (scanId: string) => void;
  onError: (message: string) => void;
}

/** Brand Scan Configuration (SPEC §2): brands grouped by category, markets, Start Scan. */
export function ScanConfigCard({ scanRunning, maxMarkets, onStarted, onError }: ScanConfigCardProps) {
  const brands = useBrands();
  const markets = useMarkets();
  const start = useStartBrandScan();
  const [selectedBrands, setSelectedBrands] = useState<string[]>([]);
  // Until the user changes the markets, the region's market is chosen (UK for a UK user, not none/DE).
  const [marketChoice, setSelectedMarkets] = useState<string[] | null>(null);
  const regionMarket = useRegionMarket();
  const selectedMarkets = marketChoice ?? (regionMarket ? [regionMarket] : []);

  useEffect(() => {
    if (brands.isError || markets.isError) onError(LOAD_OPTIONS_ERROR);
  }, [brands.isError, markets.isError, onError]);

  const brandData = useMemo(() => groupBrandsByCategory(brands.data ?? []).map((group) => ({ group: group.category, items: group.brands })), [brands.data]);
  const marketData = useMemo(() => (markets.data ?? []).map((m) => ({ value: m.id, label: `${m.name} (${m.currency})` })), [markets.data]);
  const complete = selectedBrands.length > 0 && selectedMarkets.length > 0;
  /**
   * The user tried to start without both choices (docs/web-shell.md): only then the SPEC sentence shows. Start Scan
   * looks and reads as disabled (aria-disabled) but still takes the click, tap or Enter that counts as the try.
   */
  const [tried, setTried] = useState(false);

  const startScan = () => {
    if (!complete) {
      setTried(true);
      return;
    }
    setTried(false);
    start.mutate(
      { brands: selectedBrands, markets: selectedMarkets },
      {
        onSuccess: (answer) => onStarted(answer.scanId),
        onError: (error) => onError(errorMessage(error, START_SCAN_ERROR)),
      },
    );
  };

  return (
    <Card withBorder radius="md" padding="lg" data-testid="scan-config-card">
      <Stack gap="md">
        <div>
          <Title order={4}>Brand Scan Configuration</Title>
          <Text size="sm" c="dimmed">
            Every product of the chosen brands on the wholesale marketplace is checked on Amazon in each chosen market. Products that reach your minimum ROI are
            kept as favorites. Each brand scanned counts as one brand check.
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <MultiSelect
            label="Brands"
            placeholder={selectedBrands.length ? undefined : brands.isPending ? 'Loading brands...' : 'Search and select brands'}
            data={brandData}
            value={selectedBrands}
            onChange={setSelectedBrands}
            searchable
            clearable
            nothingFoundMessage="No brands found"
            maxDropdownHeight={320}
            disabled={brands.isPending || brands.isError}
            data-testid="brand-select"
            comboboxProps={{ withinPortal: true }}
          />
          <MultiSelect
            label="Markets"
            placeholder={selectedMarkets.length ? undefined : 'Select markets'}
            data={marketData}
            value={selectedMarkets}
            onChange={setSelectedMarkets}
            clearable
            searchable
            maxValues={maxMarkets}
            description={maxMarkets === 1 ? 'Your plan analyzes one market per scan.' : undefined}
            disabled={markets.isPending || markets.isError}
            data-testid="market-select"
          />
        </SimpleGrid>
        <Group justify="space-between" align="center">
          {complete ? (
            <Text size="sm" c="dimmed" data-testid="scan-config-hint">
              {`${selectedBrands.length} brand${selectedBrands.length === 1 ? '' : 's'} × ${selectedMarkets.length} market${selectedMarkets.length === 1 ? '' : 's'}`}
            </Text>
          ) : (
            <Text size="sm" c="orange.8" role={tried ? 'alert' : undefined} data-testid="scan-config-hint">
              {tried && !scanRunning ? BRAND_SCAN_REQUIRED_MESSAGE : ''}
            </Text>
          )}
          <Button
            leftSection={<IconPlayerPlay size={16} />}
            onClick={startScan}
            disabled={scanRunning}
            data-disabled={!complete || undefined}
            aria-disabled={!complete || scanRunning}
            loading={start.isPending}
          >
            Start Scan
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
