import { useEffect } from 'react';
import { Badge, Checkbox, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { describeDetection, SUPPLIER_CURRENCIES, SUPPLIER_CURRENCY_LABELS, type SupplierCurrency } from '@dealradar/shared/price-terms';
import { detectedPriceTerms, parseVatRate, withCurrency, type PriceTermsChoice } from '../lib/column-mapping.ts';

interface PriceCurrencyFieldsProps {
  /** The file's preview (detection reads the price column's name and cells); null for manual entry. */
  preview: { headers: string[]; sampleRows?: string[][]; rows: string[][] } | null;
  /** The chosen price column (a new one is detected again until the user changes something). */
  priceColumn: string | null;
  value: PriceTermsChoice | undefined;
  onChange: (value: PriceTermsChoice) => void;
}

const CURRENCY_OPTIONS = SUPPLIER_CURRENCIES.map((c) => ({ value: c, label: SUPPLIER_CURRENCY_LABELS[c] }));

/**
 * The supplier price's currency and VAT: what the file says (from the price column's name and cells,
 * then the other columns), shown as detected, and changeable. The scan converts the price to EUR excl. VAT at the day's
 * rate with these; a VAT-inclusive price loses the VAT at the supplier's rate (docs/scans.md "Supplier prices in another
 * currency").
 */
export function PriceCurrencyFields({ preview, priceColumn, value, onChange }: PriceCurrencyFieldsProps) {
  // A new price column is detected again, unless the user already set the currency or VAT by hand.
  useEffect(() => {
    if (!preview || value?.touched || (value && value.detectedFor === priceColumn)) return;
    onChange(detectedPriceTerms(preview, priceColumn));
  }, [preview, priceColumn, value, onChange]);

  if (!value) return null;
  const said = value.detection ? describeDetection(value.detection) : { currency: null, vat: null };
  const rate = parseVatRate(value.vatRate);
  const update = (patch: Partial<PriceTermsChoice>) => onChange({ ...value, ...patch, touched: true });

  return (
    <Stack gap={6} data-testid="price-currency-fields">
      <Group gap="md" align="flex-start" wrap="wrap">
        <Select
          label="Price currency"
          data={CURRENCY_OPTIONS}
          value={value.currency}
          onChange={(currency) => currency && onChange(withCurrency(value, currency as SupplierCurrency))}
          allowDeselect={false}
          w={260}
          data-testid="price-currency"
        />
        <Stack gap={4} pt={{ base: 0, sm: 28 }}>
          <Checkbox
            label="Prices include VAT"
            checked={value.includesVat}
            onChange={(event) => update({ includesVat: event.currentTarget.checked })}
            data-testid="price-includes-vat"
          />
        </Stack>
        <TextInput
          label="Supplier's VAT %"
          description={value.includesVat ? 'Taken off each price' : 'Paid on top by sellers without a VAT number'}
          value={value.vatRate}
          onChange={(event) => update({ vatRate: event.currentTarget.value })}
          error={rate.ok ? null : rate.error}
          inputMode="decimal"
          w={200}
          data-testid="price-vat-rate"
        />
      </Group>
      {preview && (
        <Group gap="xs" data-testid="price-currency-detected">
          {said.currency ? (
            <Badge variant="light" color={value.currency === value.detection?.currency ? 'indigo' : 'gray'}>
              {said.currency}
            </Badge>
          ) : (
            <Text size="xs" c="orange.8">
              No currency found in the file: EUR assumed. Check it before you confirm.
            </Text>
          )}
          {said.vat && (
            <Badge variant="light" color="gray">
              {said.vat}
            </Badge>
          )}
          {value.currency !== 'EUR' && (
            <Text size="xs" c="dimmed">
              Converted to euro at the day's reference rate; the price as written is shown in each deal's breakdown and the downloads.
            </Text>
          )}
        </Group>
      )}
    </Stack>
  );
}
