import { describe, expect, it } from 'vitest';
import {
  isRoiEditable,
  primaryCountrySelectValue,
  roiFractionToPercent,
  roiPercentToFraction,
  usageBar,
  validateRoiPercent,
  parseRoiPercent,
} from './settings-rules.ts';

describe('minimum ROI (SPEC §3, §5)', () => {
  it('shows the fraction as a percentage and saves the percentage divided by 100', () => {
    expect(roiFractionToPercent(0.15)).toBe(15);
    expect(roiFractionToPercent(0.123)).toBe(12.3);
    expect(roiPercentToFraction(12.5)).toBe(0.125);
    expect(roiPercentToFraction(0.1)).toBe(0.001);
    expect(roiPercentToFraction(100)).toBe(1);
  });
  it('accepts 0 to 100 in steps of 0.1 only', () => {
    expect(validateRoiPercent(0)).toBeNull();
    expect(validateRoiPercent(100)).toBeNull();
    expect(validateRoiPercent(33.3)).toBeNull();
    expect(validateRoiPercent(-0.1)).not.toBeNull();
    expect(validateRoiPercent(100.1)).not.toBeNull();
    expect(validateRoiPercent(10.25)).not.toBeNull();
    expect(validateRoiPercent('')).not.toBeNull();
  });
  it('is editable only on adjustable plans, and while the plan is unknown', () => {
    expect(isRoiEditable('adjustable')).toBe(true);
    expect(isRoiEditable(undefined)).toBe(true);
    expect(isRoiEditable('fixed')).toBe(false);
  });
});

describe('usage bars (SPEC §2 Settings, §6)', () => {
  it('is red at or above the limit', () => {
    expect(usageBar(99, 100)).toMatchObject({ color: 'blue', exhausted: false, percent: 99, label: '99 / 100' });
    expect(usageBar(100, 100)).toMatchObject({ color: 'red', exhausted: true, percent: 100 });
    expect(usageBar(150, 100)).toMatchObject({ color: 'red', percent: 100 });
    expect(usageBar(0, 0)).toMatchObject({ color: 'red', exhausted: true, label: 'Not included in your plan' });
  });
  it("shows Number.MAX_SAFE_INTEGER as 'Unlimited' and never red", () => {
    expect(usageBar(5000, Number.MAX_SAFE_INTEGER)).toMatchObject({ label: '5,000 / Unlimited', color: 'blue', exhausted: false });
  });
});

describe('primary business country select', () => {
  it('DE, FR, IT and ES display as continental Europe', () => {
    expect(primaryCountrySelectValue('UK')).toBe('UK');
    for (const country of ['DE', 'FR', 'IT', 'ES']) expect(primaryCountrySelectValue(country)).toBe('EU');
    expect(primaryCountrySelectValue(null)).toBeNull();
  });
});

describe('the ROI field reads decimal commas', () => {
  it('reads 22,5 and 22.5 alike', () => {
    expect(parseRoiPercent('22,5')).toEqual({ ok: true, value: 22.5 });
    expect(parseRoiPercent('22.5')).toEqual({ ok: true, value: 22.5 });
    expect(parseRoiPercent(' 22,5 % ')).toEqual({ ok: true, value: 22.5 });
  });
  it('refuses what is not a valid percentage, with the sentence', () => {
    expect(parseRoiPercent('')).toEqual({ ok: false, error: 'Please enter a number.' });
    expect(parseRoiPercent('abc')).toEqual({ ok: false, error: 'Please enter a number.' });
    expect(parseRoiPercent('-1')).toEqual({ ok: false, error: 'Minimum ROI must be between 0 and 100%.' });
    expect(parseRoiPercent('10,25')).toEqual({ ok: false, error: 'Use at most one decimal place.' });
  });
});
