import { useState } from 'react';
import { ActionIcon, Button, Checkbox, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconPlayerPlay, IconPlus, IconTrash } from '@tabler/icons-react';
import { MANUAL_ENTRY_MAX_ROWS, type ManualEntryRow } from '@dealradar/shared/contracts/scans';
import { parseAmountText } from '@dealradar/shared/amount-text';
import { DEFAULT_PRICE_TERMS, type PriceTerms } from '@dealradar/shared/price-terms';
import { PriceCurrencyFields } from '../../../components/price-currency-fields.tsx';
import { parseVatRate, type PriceTermsChoice } from '../../../lib/column-mapping.ts';
import { emptyManualRow, toManualEntries, type ManualFieldErrors, type ManualRowInput } from '../manual-entry.ts';
import { toast } from '../toasts.ts';

/** On leaving the field a readable price is shown with two decimals ('4,2' → '4.20'); anything else stays as typed. */
function formatTypedPrice(price: number | string): string {
  const parsed = parseAmountText(price);
  return parsed.ok && parsed.value !== null ? parsed.value.toFixed(2) : String(price);
}

export const NO_BRAND_LABEL = 'No brand: use the brand from the marketplace';

/** What the manual entry sends besides its rows. */
export interface ManualEntryOptions {
  noBrand: boolean;
  priceTerms: PriceTerms;
}

interface ManualEntryFormProps {
  disabled: boolean;
  loading: boolean;
  onStart: (rows: ManualEntryRow[], options: ManualEntryOptions) => void;
}

const SYMBOLS: Record<string, string> = { EUR: '€', GBP: '£', USD: '$', CAD: 'C$', PLN: 'zł', SEK: 'kr', CZK: 'Kč' };
const INITIAL_TERMS: PriceTermsChoice = {
  currency: DEFAULT_PRICE_TERMS.currency,
  includesVat: false,
  vatRate: String(DEFAULT_PRICE_TERMS.vatRate * 100),
  detection: null,
  detectedFor: null,
  touched: false,
};

/**
 * Rows of EAN, brand and optional price ('4,20' and '4.20' both read as 4.20; '4,2,0' refused at the field) in the
 * chosen currency, with or without VAT (SPEC §3, §5). A missing brand is marked at its field
 * (and the SPEC toast 'Missing fields'); "No brand" leaves the brand to the marketplace, as uploads do. A row without a
 * price is listed with its Amazon price, fees and the highest price to pay.
 */
export function ManualEntryForm({ disabled, loading, onStart }: ManualEntryFormProps) {
  const [rows, setRows] = useState<ManualRowInput[]>(() => [emptyManualRow(), emptyManualRow(), emptyManualRow()]);
  const [errors, setErrors] = useState<Record<string, ManualFieldErrors>>({});
  const [noBrand, setNoBrand] = useState(false);
  const [terms, setTerms] = useState<PriceTermsChoice>(INITIAL_TERMS);

  const clearError = (key: string, field: keyof ManualFieldErrors) =>
    setErrors((all) => (all[key]?.[field] ? { ...all, [key]: { ...all[key], [field]: undefined } } : all));
  const update = (key: string, patch: Partial<ManualRowInput>) => {
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
    for (const field of Object.keys(patch) as Array<keyof ManualFieldErrors>) clearError(key, field);
  };
  const removeRow = (key: string) => setRows((rs) => (rs.length > 1 ? rs.filter((r) => r.key !== key) : [emptyManualRow()]));
  const checkPrice = (row: ManualRowInput) => {
    const parsed = parseAmountText(row.price);
    if (!parsed.ok || (parsed.value !== null && parsed.value < 0)) {
      setErrors((all) => ({ ...all, [row.key]: { ...all[row.key], price: `${String(row.price).trim()} is not a number of 0 or more.` } }));
      return;
    }
    update(row.key, { price: formatTypedPrice(row.price) });
  };

  const handleStart = () => {
    const result = toManualEntries(rows, { noBrand });
    if (!result.ok) {
      setErrors(result.errors);
      toast(result.title, result.message, 'red');
      return;
    }
    const rate = parseVatRate(terms.vatRate);
    if (!rate.ok) {
      toast('Invalid VAT rate', rate.error, 'red');
      return;
    }
    setErrors({});
    onStart(result.entries, { noBrand, priceTerms: { currency: terms.currency, includesVat: terms.includesVat, vatRate: rate.value } });
  };

  return (
    <Stack gap="sm">
      <PriceCurrencyFields preview={null} priceColumn={null} value={terms} onChange={setTerms} />
      <Table verticalSpacing={6} withRowBorders={false} data-testid="manual-entry-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="40%">EAN</Table.Th>
            <Table.Th w="35%">Brand</Table.Th>
            <Table.Th>
              Price ({terms.currency}
              {terms.includesVat ? ' incl. VAT' : ''}, optional)
            </Table.Th>
            <Table.Th w={40} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={row.key} style={{ verticalAlign: 'top' }}>
              <Table.Td>
                <TextInput
                  aria-label={`EAN ${index + 1}`}
                  placeholder="e.g. 4005808123456"
                  value={row.ean}
                  onChange={(e) => update(row.key, { ean: e.currentTarget.value })}
                  error={errors[row.key]?.ean}
                />
              </Table.Td>
              <Table.Td>
                <TextInput
                  aria-label={`Brand ${index + 1}`}
                  placeholder={noBrand ? 'From the marketplace' : 'e.g. Nivea'}
                  value={noBrand ? '' : row.brand}
                  disabled={noBrand}
                  onChange={(e) => update(row.key, { brand: e.currentTarget.value })}
                  error={noBrand ? undefined : errors[row.key]?.brand}
                />
              </Table.Td>
              <Table.Td>
                <TextInput
                  aria-label={`Price ${index + 1}`}
                  placeholder="e.g. 4,20"
                  leftSection={SYMBOLS[terms.currency] ?? terms.currency}
                  inputMode="decimal"
                  value={String(row.price)}
                  onChange={(e) => update(row.key, { price: e.currentTarget.value })}
                  onBlur={() => checkPrice(row)}
                  error={errors[row.key]?.price}
                />
              </Table.Td>
              <Table.Td>
                <ActionIcon variant="subtle" color="gray" aria-label={`Remove row ${index + 1}`} onClick={() => removeRow(row.key)}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Checkbox
        size="xs"
        label={NO_BRAND_LABEL}
        checked={noBrand}
        onChange={(event) => {
          setNoBrand(event.currentTarget.checked);
          setErrors((all) => Object.fromEntries(Object.entries(all).map(([k, v]) => [k, { ...v, brand: undefined }])));
        }}
        data-testid="manual-no-brand"
      />
      <Group justify="space-between">
        <Button
          variant="default"
          leftSection={<IconPlus size={16} />}
          disabled={rows.length >= MANUAL_ENTRY_MAX_ROWS}
          onClick={() => setRows((rs) => [...rs, emptyManualRow()])}
        >
          Add row
        </Button>
        <Group gap="sm">
          <Text size="xs" c="dimmed">
            Blank rows are ignored; a row without a price shows the Amazon price, fees and the highest price to pay.
          </Text>
          <Button leftSection={<IconPlayerPlay size={16} />} disabled={disabled} loading={loading} onClick={handleStart}>
            Analyze entries
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
