import type { dropCategoryColor } from '@dealradar/shared/drops';

/**
 * The badge's background and text per SPEC §4 colour (Minor green, Small yellow, Medium orange, Large red, other gray):
 * a pale tint of the colour behind a dark shade of it, every pair at least 6:1 (WCAG AA asks 4.5:1 for this small
 * text; Mantine's light orange and yellow badges fall below it). The browser test apps/web/e2e/dashboard.spec.ts measures the rendered colours.
 */
export const DROP_BADGE_COLOURS: Record<ReturnType<typeof dropCategoryColor>, { background: string; color: string }> = {
  green: { background: '#d3f9d8', color: '#1c5a26' }, // 7.2:1
  yellow: { background: '#fff3bf', color: '#6e4a00' }, // 7.1:1
  orange: { background: '#ffe8cc', color: '#9c3600' }, // 6.0:1
  red: { background: '#ffe3e3', color: '#a61e1e' }, // 6.1:1
  gray: { background: '#f1f3f5', color: '#343a40' }, // 10.3:1
};
