import { useState } from 'react';
import { Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconReceiptTax } from '@tabler/icons-react';
import { getMarket, isMarketId } from '@dealradar/shared/markets';
import { SectionCard } from '../../../components/section-card.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useFeeRules } from '../api/market-data-admin.ts';

const pct = (rate: number) => `${Number((rate * 100).toFixed(2))} %`;
const money = (minor: number, market: string) => (isMarketId(market) ? formatMoney(minor / 100, getMarket(market).currency) : (minor / 100).toFixed(2));
const anyone = (value: string, word: string) => (value === '*' ? word : value);

/**
 * Admin Settings: the fee rules the profit engine uses on a day (referral schedules, Digital Services Fee, VAT on
 * Amazon's fees), read from the database tables that migrations fill (docs/market-data.md "Fee rules").
 */
export function FeeRulesCard() {
  const [date, setDate] = useState('');
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date);
  const rules = useFeeRules(valid ? date : null);
  const data = rules.data;
  return (
    <SectionCard
      title="Fee rules in use"
      icon={<IconReceiptTax size={20} />}
      testId="fee-rules-card"
      description="Amazon's fee rules as dated data: each profit uses the rules in force on the day it is computed."
    >
      <Group align="flex-end" mb="sm">
        <TextInput
          label="Rules in force on"
          placeholder="today (YYYY-MM-DD)"
          value={date}
          onChange={(e) => setDate(e.currentTarget.value.trim())}
          w={220}
          error={date !== '' && !valid ? 'Use YYYY-MM-DD' : undefined}
        />
        {data && (
          <Text size="sm" c="dimmed" mb={6}>
            Showing {data.date}
          </Text>
        )}
      </Group>
      {rules.isError ? (
        <Text c="red" role="alert">
          {errorMessage(rules.error, 'Failed to load the fee rules.')}
        </Text>
      ) : !data ? (
        <Text size="sm">Loading fee rules...</Text>
      ) : (
        <Stack gap="md">
          <RulesTable
            title="Referral fee schedules"
            testId="fee-rules-referral"
            headers={['Market', 'Category', 'Up to threshold', 'Above', 'Threshold', 'Minimum', 'From', 'Source']}
            rows={data.inForce.referral.map((r) => ({
              id: r.id,
              cells: [
                r.market,
                `${r.categoryName}${r.isDefault ? ' (default)' : ''}`,
                pct(r.lowRate),
                pct(r.highRate),
                money(r.threshold, r.market),
                money(r.minimumFee, r.market),
                r.effectiveFrom,
                r.source,
              ],
            }))}
          />
          <RulesTable
            title="Digital Services Fee"
            testId="fee-rules-dsf"
            headers={['Seller established in', 'Store', 'On referral', 'On FBA', 'From', 'Source']}
            rows={data.inForce.dsf.map((r) => ({
              id: r.id,
              cells: [
                anyone(r.sellerCountry, 'anywhere else'),
                anyone(r.market, 'every store'),
                pct(r.referralRate),
                pct(r.fbaRate),
                r.effectiveFrom,
                r.source,
              ],
            }))}
          />
          <RulesTable
            title="VAT on Amazon's fees"
            testId="fee-rules-vat"
            headers={['Seller established in', 'Rate', 'Registered sellers', 'From', 'Source']}
            rows={data.inForce.feeVat.map((r) => ({
              id: r.id,
              cells: [r.sellerCountry, pct(r.vatRate), r.amazonChargesLocalVat ? 'charged and reclaimed' : 'reverse charge', r.effectiveFrom, r.source],
            }))}
          />
          <SourceLegend />
        </Stack>
      )}
    </SectionCard>
  );
}

/**
 * What the marks at the end of a rule's source mean (the research notes' scale, docs/market-data.md "Fee rules"): how
 * sure we are of the figure, so an admin knows which rules to check against Amazon's own pages first.
 */
export const SOURCE_MARKS = [
  { mark: '[V]', meaning: "verified: taken from Amazon's own documentation or help pages." },
  { mark: '[R]', meaning: "reported: several independent sources (seller tools, trade press) agree, not seen in Amazon's own documents." },
  { mark: '[U]', meaning: "unverified: a single or weak source; check it against Amazon's current fee pages before relying on it." },
] as const;

function SourceLegend() {
  return (
    <Stack gap={2} data-testid="fee-rules-legend">
      <Text size="xs" fw={600}>
        Marks in the Source column
      </Text>
      {SOURCE_MARKS.map(({ mark, meaning }) => (
        <Text size="xs" c="dimmed" key={mark}>
          <Text span ff="monospace" fw={600} c="var(--mantine-color-text)">
            {mark}
          </Text>{' '}
          {meaning}
        </Text>
      ))}
    </Stack>
  );
}

/** One titled table of fee rules: a header row and one row of text cells per rule. */
function RulesTable({
  title,
  testId,
  headers,
  rows,
}: {
  title: string;
  testId: string;
  headers: string[];
  rows: Array<{ id: string | number; cells: string[] }>;
}) {
  return (
    <div>
      <Title order={5}>{title}</Title>
      {/* Wide tables scroll inside the card on a phone instead of widening the page. */}
      <Table.ScrollContainer minWidth={headers.length * 96} type="native">
        <Table fz="xs" striped data-testid={testId}>
          <Table.Thead>
            <Table.Tr>
              {headers.map((header) => (
                <Table.Th key={header}>{header}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                {row.cells.map((cell, i) => (
                  <Table.Td key={i}>{cell}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </div>
  );
}
