import { Badge } from '@mantine/core';
import { DROP_CATEGORY_LABELS, dropCategoryColor, type DropCategory } from '@dealradar/shared/drops';
import { DROP_BADGE_COLOURS } from './drop-badge-colours.ts';

/** Drop category badge in its SPEC §4 colour. */
export function DropCategoryBadge({ category }: { category: string }) {
  const colour = dropCategoryColor(category);
  return (
    <Badge
      color={colour}
      variant="light"
      size="sm"
      styles={{ root: { backgroundColor: DROP_BADGE_COLOURS[colour].background, color: DROP_BADGE_COLOURS[colour].color } }}
      data-testid="drop-category-badge"
      data-colour={colour}
    >
      {DROP_CATEGORY_LABELS[category as DropCategory] ?? category}
    </Badge>
  );
}
