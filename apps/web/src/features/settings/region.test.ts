import { describe, expect, it } from 'vitest';
import { validateRegionChoice } from './region.ts';

describe('region dialog (SPEC §4, §5)', () => {
  it("needs a choice: 'Please select a region'", () => {
    expect(validateRegionChoice(null)).toEqual({ ok: false, error: 'Please select a region' });
    expect(validateRegionChoice('')).toEqual({ ok: false, error: 'Please select a region' });
  });
  it("anything but UK or continental Europe is 'Invalid selection'", () => {
    expect(validateRegionChoice('FR')).toEqual({ ok: false, error: 'Invalid selection' });
    expect(validateRegionChoice('US')).toEqual({ ok: false, error: 'Invalid selection' });
  });
  it('UK sends UK, continental Europe sends DE', () => {
    expect(validateRegionChoice('UK')).toEqual({ ok: true, countryCode: 'UK' });
    expect(validateRegionChoice('EU')).toEqual({ ok: true, countryCode: 'DE' });
  });
});
