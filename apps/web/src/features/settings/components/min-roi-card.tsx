import { useEffect, useState } from 'react';
import { Button, Group, Text, TextInput } from '@mantine/core';
import { IconPercentage } from '@tabler/icons-react';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { SectionCard } from '../../../components/section-card.tsx';
import { useSaveUserSettings } from '../api/user-settings.ts';
import { isRoiEditable, parseRoiPercent, roiFractionToPercent, roiPercentToFraction } from '../settings-rules.ts';

interface MinRoiCardProps {
  /** The saved threshold as a fraction, once loaded. */
  minRoiThreshold: number | undefined;
  /** The plan's filter type; undefined while unknown (then the field stays editable). */
  filterType: 'adjustable' | 'fixed' | undefined;
  /** The plan's fixed ROI (fraction), shown when the filter is fixed. */
  planRoi: number | undefined;
}

/** Retail-marketplace minimum ROI: 0–100 % in steps of 0.1 ('22,5' or '22.5'), saved as a fraction (SPEC §5). */
export function MinRoiCard({ minRoiThreshold, filterType, planRoi }: MinRoiCardProps) {
  const save = useSaveUserSettings();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const editable = isRoiEditable(filterType);

  // On a fixed plan the field shows the plan's ROI, which is what the scans use.
  const shown = editable ? minRoiThreshold : (planRoi ?? minRoiThreshold);
  useEffect(() => {
    if (shown !== undefined) setValue(String(roiFractionToPercent(shown)));
  }, [shown]);

  const onSave = () => {
    const parsed = parseRoiPercent(value);
    setError(parsed.ok ? null : parsed.error);
    if (!parsed.ok) return;
    save.mutate(roiPercentToFraction(parsed.value), {
      onSuccess: () => notifySuccess('Settings saved!'),
      onError: (failure) => notifyError(errorMessage(failure, 'Failed to save settings.')),
    });
  };

  return (
    <SectionCard
      title="Amazon minimum ROI"
      icon={<IconPercentage size={20} />}
      description="Deals below this return on investment are filtered out of your scans."
      testId="min-roi"
    >
      <Group align="flex-start" gap="sm">
        <TextInput
          label="Minimum ROI threshold"
          aria-label="Minimum ROI threshold"
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setError(null);
          }}
          rightSection="%"
          inputMode="decimal"
          placeholder="e.g. 22,5"
          w={220}
          disabled={!editable}
          error={error}
        />
        <Button mt={25} onClick={onSave} loading={save.isPending} disabled={!editable || value.trim() === ''}>
          Save
        </Button>
      </Group>
      {!editable && (
        <Text size="sm" c="dimmed" mt="sm" data-testid="roi-fixed-note">
          Your plan uses a fixed minimum ROI{planRoi !== undefined ? ` of ${roiFractionToPercent(planRoi)}%` : ''}. Upgrade to adjust it.
        </Text>
      )}
    </SectionCard>
  );
}
