/** ROI badge colour (SPEC §9): >=20 green, >=10 yellow, >=5 orange, else red. roiPercentage is in percent. */
export function roiBadgeColor(roiPercentage: number | null | undefined): 'green' | 'yellow' | 'orange' | 'red' {
  const roi = roiPercentage ?? Number.NEGATIVE_INFINITY;
  if (roi >= 20) return 'green';
  if (roi >= 10) return 'yellow';
  if (roi >= 5) return 'orange';
  return 'red';
}

/** A result card is highlighted when the main rank is above 50000 or missing (SPEC §9). */
export const RANK_HIGHLIGHT_THRESHOLD = 50000;
export function isWeakRank(mainCategoryRank: number | null | undefined): boolean {
  return mainCategoryRank == null || mainCategoryRank <= 0 || mainCategoryRank > RANK_HIGHLIGHT_THRESHOLD;
}
