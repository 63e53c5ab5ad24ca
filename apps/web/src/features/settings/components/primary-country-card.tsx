import { Select, Text } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { SectionCard } from '../../../components/section-card.tsx';
import { countryCodeOfRegion } from '../region.ts';
import { primaryCountryQueryOptions, useUpdatePrimaryCountry } from '../api/primary-country.ts';
import { primaryCountrySelectValue } from '../settings-rules.ts';

const OPTIONS = [
  { value: 'UK', label: 'United Kingdom (GBP)' },
  { value: 'EU', label: 'Continental Europe (EUR)' },
];

/** SPEC §8: for this call the answer's message field is shown when present. */
function bodyMessage(failure: unknown): string | undefined {
  const message = failure instanceof ApiError ? (failure.body as { message?: unknown } | null)?.message : undefined;
  return typeof message === 'string' && message ? message : undefined;
}

/** Primary business country: United Kingdom (GBP) or Continental Europe (EUR, stored as DE). */
export function PrimaryCountryCard() {
  const primaryCountry = useQuery(primaryCountryQueryOptions);
  const update = useUpdatePrimaryCountry();
  const value = primaryCountrySelectValue(primaryCountry.data?.country);

  const onChange = (next: string | null) => {
    if (next !== 'UK' && next !== 'EU') return;
    if (next === value) return;
    update.mutate(countryCodeOfRegion(next), {
      onSuccess: ({ message, currency }) => notifySuccess(message ?? `Primary country updated. Prices are now shown in ${currency}.`),
      onError: (failure) => notifyError(bodyMessage(failure) ?? errorMessage(failure, 'Failed to update primary country')),
    });
  };

  return (
    <SectionCard
      title="Primary business country"
      icon={<IconWorld size={20} />}
      description="Sets the market and currency your dashboard and price alerts are shown in."
      testId="primary-country"
    >
      <Select
        label="Country"
        data={OPTIONS}
        value={value}
        onChange={onChange}
        allowDeselect={false}
        disabled={primaryCountry.isPending || update.isPending}
        placeholder={primaryCountry.isPending ? 'Loading…' : 'Select a region'}
        comboboxProps={{ withinPortal: true }}
      />
      {primaryCountry.data && (
        <Text size="xs" c="dimmed" mt="xs">
          Display currency: {primaryCountry.data.currency} ({primaryCountry.data.currencySymbol})
        </Text>
      )}
    </SectionCard>
  );
}
