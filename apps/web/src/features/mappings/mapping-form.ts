import type { Mapping, MappingBody } from '@dealradar/shared/contracts/market-data';

/** The Add/Edit dialog's values (numberOfPacks as the number input gives it). */
export interface MappingFormValues {
  ean: string;
  asin: string;
  name: string;
  brand: string;
  numberOfPacks: number | string;
}

export const EMPTY_MAPPING_FORM: MappingFormValues = { ean: '', asin: '', name: '', brand: '', numberOfPacks: 1 };

export function formValuesOf(mapping: Mapping): MappingFormValues {
  return { ean: mapping.ean, asin: mapping.asin, name: mapping.name, brand: mapping.brand, numberOfPacks: mapping.numberOfPacks };
}

/** SPEC §5: every field required; numberOfPacks at least 1, a whole number. Returns messages per field. */
export function validateMappingForm(values: MappingFormValues): Partial<Record<keyof MappingFormValues, string>> {
  const errors: Partial<Record<keyof MappingFormValues, string>> = {};
  if (!values.ean.trim()) errors.ean = 'EAN is required';
  if (!values.asin.trim()) errors.asin = 'ASIN is required';
  if (!values.name.trim()) errors.name = 'Name is required';
  if (!values.brand.trim()) errors.brand = 'Brand is required';
  const packs = typeof values.numberOfPacks === 'number' ? values.numberOfPacks : Number(values.numberOfPacks);
  if (values.numberOfPacks === '' || Number.isNaN(packs)) errors.numberOfPacks = 'Number of packs is required';
  else if (!Number.isInteger(packs)) errors.numberOfPacks = 'Number of packs must be a whole number.';
  else if (packs < 1) errors.numberOfPacks = 'Number of packs must be at least 1.';
  return errors;
}

/** The request body: trimmed strings, numberOfPacks sent as an integer. */
export function toMappingBody(values: MappingFormValues): MappingBody {
  return {
    ean: values.ean.trim(),
    asin: values.asin.trim().toUpperCase(),
    name: values.name.trim(),
    brand: values.brand.trim(),
    numberOfPacks: Math.trunc(Number(values.numberOfPacks)),
  };
}
