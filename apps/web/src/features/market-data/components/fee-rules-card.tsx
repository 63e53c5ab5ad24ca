import { useState } from 'react';
import { Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconReceiptTax } from '@tabler/icons-react';
import { CURRENCY_SYMBOLS, getMarket, isMarketId } from '@dealradar/shared/markets';
import { SectionCard } from '../../../components/section-card.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFeeRules } from '../api/market-data-admin.ts';

const pct = (rate: number) => `${Number((rate * 100).toFixed(2))} %`;
const money = (minor: number, market: string) => `${isMarketId(market) ? CURRENCY_SYMBOLS[getMarket(market).currency] : ''}${(minor / 100).toFixed(2)}`;
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
          <div>
            <Title order={5}>Referral fee schedules</Title>
            <Table fz="xs" striped data-testid="fee-rules-referral">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Market</Table.Th>
                  <Table.Th>Category</Table.Th>
                  <Table.Th>Up to threshold</Table.Th>
                  <Table.Th>Above</Table.Th>
                  <Table.Th>Threshold</Table.Th>
                  <Table.Th>Minimum</Table.Th>
                  <Table.Th>From</Table.Th>
                  <Table.Th>Source</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.inForce.referral.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>{r.market}</Table.Td>
                    <Table.Td>
                      {r.categoryName}
                      {r.isDefault ? ' (default)' : ''}
                    </Table.Td>
                    <Table.Td>{pct(r.lowRate)}</Table.Td>
                    <Table.Td>{pct(r.highRate)}</Table.Td>
                    <Table.Td>{money(r.threshold, r.market)}</Table.Td>
                    <Table.Td>{money(r.minimumFee, r.market)}</Table.Td>
                    <Table.Td>{r.effectiveFrom}</Table.Td>
                    <Table.Td>{r.source}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
          <div>
            <Title order={5}>Digital Services Fee</Title>
            <Table fz="xs" striped data-testid="fee-rules-dsf">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Seller established in</Table.Th>
                  <Table.Th>Store</Table.Th>
                  <Table.Th>On referral</Table.Th>
                  <Table.Th>On FBA</Table.Th>
                  <Table.Th>From</Table.Th>
                  <Table.Th>Source</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.inForce.dsf.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>{anyone(r.sellerCountry, 'anywhere else')}</Table.Td>
                    <Table.Td>{anyone(r.market, 'every store')}</Table.Td>
                    <Table.Td>{pct(r.referralRate)}</Table.Td>
                    <Table.Td>{pct(r.fbaRate)}</Table.Td>
                    <Table.Td>{r.effectiveFrom}</Table.Td>
                    <Table.Td>{r.source}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
          <div>
            <Title order={5}>VAT on Amazon's fees</Title>
            <Table fz="xs" striped data-testid="fee-rules-vat">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Seller established in</Table.Th>
                  <Table.Th>Rate</Table.Th>
                  <Table.Th>Registered sellers</Table.Th>
                  <Table.Th>From</Table.Th>
                  <Table.Th>Source</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.inForce.feeVat.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>{r.sellerCountry}</Table.Td>
                    <Table.Td>{pct(r.vatRate)}</Table.Td>
                    <Table.Td>{r.amazonChargesLocalVat ? 'charged and reclaimed' : 'reverse charge'}</Table.Td>
                    <Table.Td>{r.effectiveFrom}</Table.Td>
                    <Table.Td>{r.source}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        </Stack>
      )}
    </SectionCard>
  );
}
