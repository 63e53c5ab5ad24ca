import { describe, expect, it } from 'vitest';
import { dropCategoryColor } from '@dealradar/shared/drops';
import { DROP_BADGE_COLOURS } from './drop-badge-colours.ts';

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('drop category badge colours', () => {
  it.each(['MINOR', 'SMALL', 'MEDIUM', 'LARGE', 'HUGE'])('%s: its SPEC §4 colour, text at least 6:1 on its background (WCAG AA asks 4.5:1)', (category) => {
    const { background, color } = DROP_BADGE_COLOURS[dropCategoryColor(category)];
    expect(contrast(color, background)).toBeGreaterThanOrEqual(6);
  });
  it('keeps SPEC §4 colours: Minor green, Small yellow, Medium orange, Large red', () => {
    expect(['MINOR', 'SMALL', 'MEDIUM', 'LARGE'].map(dropCategoryColor)).toEqual(['green', 'yellow', 'orange', 'red']);
  });
});
