import { describe, expect, it } from 'vitest';
import { EMPTY_MAPPING_FORM, toMappingBody, validateMappingForm } from './mapping-form.ts';

describe('mapping form rules (SPEC §5)', () => {
  it('requires every field', () => {
    expect(validateMappingForm({ ...EMPTY_MAPPING_FORM, numberOfPacks: '' })).toEqual({
      ean: 'EAN is required',
      asin: 'ASIN is required',
      name: 'Name is required',
      brand: 'Brand is required',
      numberOfPacks: 'Number of packs is required',
    });
  });

  it('needs a whole number of packs of at least 1', () => {
    const base = { ean: '4006381333931', asin: 'B08N5WRWNW', name: 'n', brand: 'b' };
    expect(validateMappingForm({ ...base, numberOfPacks: 0 }).numberOfPacks).toBe('Number of packs must be at least 1.');
    expect(validateMappingForm({ ...base, numberOfPacks: 2.5 }).numberOfPacks).toBe('Number of packs must be a whole number.');
    expect(validateMappingForm({ ...base, numberOfPacks: 3 })).toEqual({});
  });

  it('sends numberOfPacks as an integer and trims text', () => {
    expect(toMappingBody({ ean: ' 4006381333931 ', asin: 'b08n5wrwnw', name: ' Cream ', brand: ' Alpha ', numberOfPacks: '4' })).toEqual({
      ean: '4006381333931',
      asin: 'B08N5WRWNW',
      name: 'Cream',
      brand: 'Alpha',
      numberOfPacks: 4,
    });
  });
});
