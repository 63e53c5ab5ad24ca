import { useEffect, useState } from 'react';
import { Button, Group, Select, Switch, Text } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { SELLER_COUNTRIES, SELLER_COUNTRY_NAMES, type SellerCountry } from '@dealradar/shared/fee-rules';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { SectionCard } from '../../../components/section-card.tsx';
import { sellerProfileQueryOptions, useSaveSellerProfile } from '../api/seller-profile.ts';

const COUNTRY_OPTIONS = SELLER_COUNTRIES.map((code) => ({ value: code, label: `${SELLER_COUNTRY_NAMES[code]} (${code})` }));

/**
 * The seller profile: country of establishment and VAT registration. They decide the Digital Services Fee
 * and the VAT on Amazon's fees in every profit; until saved they come from the primary region, VAT-registered.
 */
export function SellerProfileCard() {
  const profile = useQuery(sellerProfileQueryOptions);
  const save = useSaveSellerProfile();
  const [country, setCountry] = useState<SellerCountry | null>(null);
  const [registered, setRegistered] = useState(true);
  useEffect(() => {
    if (profile.data) {
      setCountry(profile.data.country);
      setRegistered(profile.data.vatRegistered);
    }
  }, [profile.data]);

  const onSave = () => {
    if (!country) return;
    save.mutate(
      { country, vatRegistered: registered },
      {
        onSuccess: () => notifySuccess('Seller profile saved!'),
        onError: (failure) => notifyError(errorMessage(failure, 'Failed to save the seller profile.')),
      },
    );
  };

  return (
    <SectionCard
      title="Seller profile"
      icon={<IconBuildingStore size={20} />}
      description="Where your business is established and whether it is VAT-registered: this decides the Digital Services Fee and the VAT on Amazon's fees in every profit."
      testId="seller-profile"
    >
      <Group align="flex-end" gap="sm">
        <Select
          label="Country of establishment"
          data={COUNTRY_OPTIONS}
          value={country}
          onChange={(next) => setCountry(next as SellerCountry | null)}
          allowDeselect={false}
          w={240}
          disabled={profile.isPending}
        />
        <Switch
          label="VAT-registered"
          checked={registered}
          onChange={(event) => setRegistered(event.currentTarget.checked)}
          mb={8}
          disabled={profile.isPending}
        />
        <Button onClick={onSave} loading={save.isPending} disabled={!country}>
          Save
        </Button>
      </Group>
      {profile.data?.isDefault && (
        <Text size="xs" c="dimmed" mt="xs" data-testid="seller-profile-default">
          Not saved yet: taken from your primary region.
        </Text>
      )}
    </SectionCard>
  );
}
