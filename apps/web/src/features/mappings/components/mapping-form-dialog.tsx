import { useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import type { Mapping } from '@dealradar/shared/contracts/market-data';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSaveMapping } from '../api/mappings.ts';
import { EMPTY_MAPPING_FORM, formValuesOf, toMappingBody, validateMappingForm, type MappingFormValues } from '../mapping-form.ts';

interface MappingFormDialogProps {
  opened: boolean;
  /** The mapping being edited; undefined: a new one. */
  mapping?: Mapping;
  onClose: () => void;
}

/** Add/Edit dialog of an EAN-ASIN mapping: Create for a new one, Update for an existing one (SPEC §2, §5). */
export function MappingFormDialog({ opened, mapping, onClose }: MappingFormDialogProps) {
  const [values, setValues] = useState<MappingFormValues>(EMPTY_MAPPING_FORM);
  const [errors, setErrors] = useState<ReturnType<typeof validateMappingForm>>({});
  const save = useSaveMapping();

  useEffect(() => {
    if (!opened) return;
    setValues(mapping ? formValuesOf(mapping) : EMPTY_MAPPING_FORM);
    setErrors({});
    save.reset();
    // Reset only when the dialog opens (for a new mapping or another one), not on every render.
  }, [opened, mapping?.id]);

  const set = (field: keyof MappingFormValues) => (value: string | number) => setValues((v) => ({ ...v, [field]: value }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = validateMappingForm(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate({ id: mapping?.id, body: toMappingBody(values) }, { onSuccess: onClose });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={mapping ? 'Edit EAN-ASIN Mapping' : 'Add EAN-ASIN Mapping'} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {save.isError && (
            <Alert color="red" role="alert">
              {errorMessage(save.error, 'Failed to save EAN-ASIN mapping')}
            </Alert>
          )}
          <TextInput label="EAN" required value={values.ean} error={errors.ean} onChange={(e) => set('ean')(e.currentTarget.value)} />
          <TextInput label="ASIN" required value={values.asin} error={errors.asin} onChange={(e) => set('asin')(e.currentTarget.value)} />
          <TextInput label="Name" required value={values.name} error={errors.name} onChange={(e) => set('name')(e.currentTarget.value)} />
          <TextInput label="Brand" required value={values.brand} error={errors.brand} onChange={(e) => set('brand')(e.currentTarget.value)} />
          <NumberInput
            label="Number of packs"
            required
            min={1}
            step={1}
            allowDecimal={false}
            value={values.numberOfPacks}
            error={errors.numberOfPacks}
            onChange={set('numberOfPacks')}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {mapping ? 'Update' : 'Create'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
