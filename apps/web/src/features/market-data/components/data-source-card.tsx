import { useState } from 'react';
import { Alert, Badge, Button, FileInput, Group, List, Select, Stack, Table, Text } from '@mantine/core';
import { IconDatabase, IconDownload, IconFileUpload } from '@tabler/icons-react';
import { MARKETS } from '@dealradar/shared/markets';
import { DemoDataBadge } from '../../../components/demo-data-badge.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate, formatDateTime } from '../../../lib/date-format.ts';
import { downloadDemoSample } from '../../../lib/demo-sample.ts';
import { SUPPLIER_FILE_ACCEPT_ATTRIBUTE, supplierFileProblem } from '../../../lib/supplier-file-rules.ts';
import { useImportKeepaExport, useMarketDataStatus } from '../api/market-data-admin.ts';
import { formatCount } from '../../../lib/format.ts';
import { formatRate } from '@dealradar/shared/money';

const SOURCE_NAMES: Record<string, string> = { demo: 'Demo catalogue', keepa: 'Keepa API', import: 'Imported Keepa exports', qogita: 'Qogita API' };
const MARKET_OPTIONS = [{ value: '', label: 'From the Locale column' }, ...MARKETS.map((m) => ({ value: m.id, label: `${m.name} (${m.currency})` }))];

/** Admin Settings: which market-data source is active, the FX rates used, the cache, and the Keepa export import. */
export function MarketDataSourceCard() {
  const status = useMarketDataStatus();
  const importer = useImportKeepaExport();
  const [file, setFile] = useState<File | null>(null);
  const [market, setMarket] = useState<string>('');
  // .csv or .xlsx of at most 50 MB, said before the upload (the server checks again).
  const fileProblem = file ? supplierFileProblem(file) : null;
  const data = status.data;
  const cacheBySource = new Map<string, number>();
  for (const row of data?.cache ?? []) cacheBySource.set(row.source, (cacheBySource.get(row.source) ?? 0) + row.fresh);

  return (
    <SectionCard
      title="Market data source"
      icon={<IconDatabase size={20} />}
      testId="market-data-source-card"
      description="Where Amazon and wholesale figures come from (MARKET_DATA). Look-ups are cached for every user."
    >
      {status.isError ? (
        <Text c="red" role="alert">
          {errorMessage(status.error, 'Failed to load the market data source.')}
        </Text>
      ) : !data ? (
        <Text c="dimmed">Loading...</Text>
      ) : (
        <Stack gap="md">
          <Group gap="xs">
            <Badge variant="light" color="indigo">
              Amazon: {SOURCE_NAMES[data.source.retail] ?? data.source.retail}
            </Badge>
            <Badge variant="light" color="teal">
              Wholesale: {SOURCE_NAMES[data.source.wholesale] ?? data.source.wholesale}
            </Badge>
            <DemoDataBadge isDemo={data.source.isDemo} />
          </Group>
          <Text size="sm" c="dimmed">
            Cache: look-ups stay fresh {data.cacheTtlHours} h · {formatCount(cacheBySource.get(data.source.retail) ?? 0)} fresh from the provider ·{' '}
            {formatCount(cacheBySource.get('import') ?? 0)} from imports
          </Text>
          {data.source.retail === 'demo' && (
            <Group gap="xs">
              <Button variant="light" size="xs" leftSection={<IconDownload size={14} />} onClick={() => void downloadDemoSample()}>
                Demo supplier price list (CSV)
              </Button>
              <Text size="xs" c="dimmed">
                EANs of the demo catalogue with supplier prices, to try the analyzers.
              </Text>
            </Group>
          )}
          <Table withTableBorder={false} verticalSpacing={4} data-testid="fx-rates">
            <Table.Tbody>
              {data.fx.map((rate) => (
                <Table.Tr key={rate.to}>
                  <Table.Td>
                    <Text size="sm">
                      1 EUR = {formatRate(rate.rate)} {rate.to}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      rate of {formatDate(rate.date)} ({rate.source})
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Stack gap="xs">
            <Text fw={600} size="sm">
              Import a Keepa export
            </Text>
            <Text size="xs" c="dimmed">
              A Product Viewer or Product Finder export (CSV or XLSX, up to 50 MB) with ASIN and Product Codes: EAN columns. Imported rows replace cached data
              for their EANs for 30 days.
            </Text>
            <Group align="flex-end" gap="sm">
              <FileInput
                label="Export file (CSV or XLSX)"
                placeholder="Choose file"
                accept={SUPPLIER_FILE_ACCEPT_ATTRIBUTE}
                value={file}
                onChange={setFile}
                w={260}
                clearable
                error={fileProblem}
              />
              <Select label="Market" data={MARKET_OPTIONS} value={market} onChange={(v) => setMarket(v ?? '')} w={240} allowDeselect={false} />
              <Button
                leftSection={<IconFileUpload size={16} />}
                disabled={!file || !!fileProblem}
                loading={importer.isPending}
                onClick={() => file && importer.mutate({ file, market: market || null }, { onSuccess: () => setFile(null) })}
              >
                Import
              </Button>
            </Group>
            {importer.isError && (
              <Alert color="red" role="alert">
                {errorMessage(importer.error, 'Failed to import the Keepa export.')}
              </Alert>
            )}
            {importer.data && (
              <Alert color="green" role="status" title="Import complete">
                {importer.data.listingsImported} listings for {importer.data.eansImported} EANs imported from {importer.data.fileName}
                {importer.data.rowsSkipped > 0 && `; ${importer.data.rowsSkipped} rows skipped`}.
                {!!importer.data.problems?.length && (
                  <List size="xs" mt={4}>
                    {importer.data.problems.slice(0, 5).map((p) => (
                      <List.Item key={p}>{p}</List.Item>
                    ))}
                  </List>
                )}
              </Alert>
            )}
          </Stack>
          {data.imports.length > 0 && (
            <Table verticalSpacing={4} data-testid="recent-imports">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Recent imports</Table.Th>
                  <Table.Th>Market</Table.Th>
                  <Table.Th>EANs</Table.Th>
                  <Table.Th>Date</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.imports.map((i) => (
                  <Table.Tr key={i.id}>
                    <Table.Td>
                      <Text size="sm">{i.fileName}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{i.market ?? 'several'}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{i.eansImported}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dimmed">
                        {formatDateTime(i.createdAt)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </SectionCard>
  );
}
