import { useState } from 'react';
import { Alert, Button, Modal, Radio, Stack, Text, ThemeIcon, Group } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { REGION_OPTIONS, validateRegionChoice } from '../region.ts';
import { useSelectCountry } from '../api/primary-country.ts';

/**
 * The blocking region dialog (SPEC §2, §4, §5): no close button, no escape, no outside click.
 * It stays until the server has accepted a choice; the caller decides when it opens.
 */
export function RegionDialog({ opened, onSignInAgain }: { opened: boolean; onSignInAgain: () => void }) {
  const [choice, setChoice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const selectCountry = useSelectCountry();
  // A session the server no longer accepts (revoked, server reset) cannot choose a region: offer a way out.
  const sessionRejected = selectCountry.error instanceof ApiError && selectCountry.error.status === 401;

  const submit = () => {
    const checked = validateRegionChoice(choice);
    if (!checked.ok) return setError(checked.error);
    setError(null);
    selectCountry.mutate(checked.countryCode, {
      onError: (failure) => setError(errorMessage(failure, 'Failed to select region.')),
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      centered
      size="md"
      padding="xl"
      overlayProps={{ backgroundOpacity: 0.55, blur: 3 }}
      title={
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={36} radius="xl" variant="light">
            <IconWorld size={20} />
          </ThemeIcon>
          <Text fw={700} size="lg">
            Select your region
          </Text>
        </Group>
      }
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Choose your primary business region. Prices, profits and deals are shown for it.
        </Text>
        <Radio.Group
          value={choice}
          onChange={(value) => {
            setChoice(value);
            setError(null);
          }}
          aria-label="Region"
        >
          <Stack gap="sm">
            {REGION_OPTIONS.map((option) => (
              <Radio.Card key={option.value} value={option.value} radius="md" p="md" aria-label={option.label}>
                <Group wrap="nowrap" align="flex-start">
                  <Radio.Indicator />
                  <div>
                    <Text fw={600}>{option.label}</Text>
                    <Text size="sm" c="dimmed">
                      {option.description}
                    </Text>
                  </div>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Button fullWidth size="md" onClick={submit} loading={selectCountry.isPending}>
          Continue
        </Button>
        {sessionRejected && (
          <Button fullWidth variant="subtle" onClick={onSignInAgain}>
            Sign in again
          </Button>
        )}
      </Stack>
    </Modal>
  );
}
