import { Button, Group } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { ADMIN_COUNTRY_BUTTONS } from '@dealradar/shared/regions';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { SectionCard } from '../../../components/section-card.tsx';
import { primaryCountryQueryOptions, useSetAdminCountry } from '../api/primary-country.ts';

/** Admin-only country buttons UK DE IT ES FR → POST /user/settings/country/{code}. */
export function AdminCountryCard() {
  const current = useQuery(primaryCountryQueryOptions).data?.country;
  const setCountry = useSetAdminCountry();
  return (
    <SectionCard
      title="Admin country"
      icon={<IconMapPin size={20} />}
      description="Administrators can switch to any single market country."
      testId="admin-country"
    >
      <Group gap="sm">
        {ADMIN_COUNTRY_BUTTONS.map((code) => (
          <Button
            key={code}
            variant={current === code ? 'filled' : 'default'}
            loading={setCountry.isPending && setCountry.variables === code}
            disabled={setCountry.isPending}
            onClick={() =>
              setCountry.mutate(code, {
                onSuccess: ({ message }) => notifySuccess(message ?? `Country set to ${code}.`),
                onError: (failure) => notifyError(errorMessage(failure, 'Failed to update country.')),
              })
            }
            aria-pressed={current === code}
            w={64}
          >
            {code}
          </Button>
        ))}
      </Group>
    </SectionCard>
  );
}
