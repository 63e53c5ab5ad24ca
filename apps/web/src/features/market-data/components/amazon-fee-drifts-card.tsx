import { useState } from 'react';
import { Badge, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconScaleOutline } from '@tabler/icons-react';
import { amazonFeesApi } from '@dealradar/shared/contracts/endpoints/amazon-fees';
import { formatMoney } from '@dealradar/shared/money';
import { SectionCard } from '../../../components/section-card.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { endpointQuery } from '../../../lib/endpoint-query.ts';

/**
 * Admin Settings: where our fee rules drift from Amazon's own estimates (GET /admin/amazon-fee-drifts): the mean
 * difference per market and the biggest or most recent comparisons, each marked when above €0.05 (docs/seller-account.md).
 */
export function AmazonFeeDriftsCard() {
  const [sort, setSort] = useState<'biggest' | 'recent'>('biggest');
  const drifts = useQuery(endpointQuery(amazonFeesApi.drifts, { query: { sort, limit: 20 } }));
  const data = drifts.data;
  return (
    <SectionCard
      title="Amazon's fee estimates against our fee rules"
      icon={<IconScaleOutline size={20} />}
      testId="amazon-fee-drifts-card"
      description="Every time Amazon estimated a listing's fees for a connected seller account, its total is compared with ours (fees before VAT on fees). Differences: Amazon's − ours."
    >
      {drifts.isError ? (
        <Text c="red" role="alert">
          {errorMessage(drifts.error, "Failed to load the comparisons with Amazon's fee estimates.")}
        </Text>
      ) : !data ? (
        <Text size="sm">Loading comparisons...</Text>
      ) : !data.items.length ? (
        <Text size="sm" c="dimmed">
          No comparison yet: they are recorded when a connected organization opens a breakdown or finishes a supplier scan.
        </Text>
      ) : (
        <Stack gap="sm">
          <Text size="sm" data-testid="amazon-fee-drifts-markets">
            {data.markets
              .map(
                (m) =>
                  `${m.market}: ${m.comparisons} compared, ${m.marked} above €0.05, mean ${m.meanDifferenceEur >= 0 ? '+' : '−'}${formatMoney(Math.abs(m.meanDifferenceEur), 'EUR')}`,
              )
              .join(' · ')}
          </Text>
          <SegmentedControl
            size="xs"
            value={sort}
            onChange={(value) => setSort(value as 'biggest' | 'recent')}
            data={[
              { value: 'biggest', label: 'Biggest differences' },
              { value: 'recent', label: 'Most recent' },
            ]}
            w={300}
          />
          <Table.ScrollContainer minWidth={640}>
            <Table fz="sm" verticalSpacing={4} data-testid="amazon-fee-drifts">
              <Table.Thead>
                <Table.Tr>
                  {['Market', 'ASIN', 'Price', 'Ours', 'Amazon', 'Difference', 'When'].map((h) => (
                    <Table.Th key={h}>{h}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((d, index) => (
                  <Table.Tr key={`${d.asin}|${d.market}|${d.comparedAt}|${index}`}>
                    <Table.Td>{d.market}</Table.Td>
                    <Table.Td ff="monospace">{d.asin}</Table.Td>
                    <Table.Td ff="monospace">{formatMoney(d.price, d.currency)}</Table.Td>
                    <Table.Td ff="monospace">{formatMoney(d.ourTotal, d.currency)}</Table.Td>
                    <Table.Td ff="monospace">{formatMoney(d.amazonTotal, d.currency)}</Table.Td>
                    <Table.Td ff="monospace">
                      {d.difference >= 0 ? '+' : '−'}
                      {formatMoney(Math.abs(d.difference), d.currency)}{' '}
                      {d.marked && (
                        <Badge color="orange" size="xs" variant="light">
                          above €0.05
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {d.comparedAt.slice(0, 16).replace('T', ' ')} ({d.source === 'scan' ? 'scan' : 'breakdown'})
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </SectionCard>
  );
}
