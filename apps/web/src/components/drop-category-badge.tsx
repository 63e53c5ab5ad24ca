import { Badge } from '@mantine/core';
import { DROP_CATEGORY_LABELS, dropCategoryColor, type DropCategory } from '@dealradar/shared/drops';

/** Drop category badge in its SPEC §4 colour (Minor green, Small yellow, Medium orange, Large red, other gray). */
export function DropCategoryBadge({ category }: { category: string }) {
  return (
    <Badge color={dropCategoryColor(category)} variant="light" size="sm" data-testid="drop-category-badge">
      {DROP_CATEGORY_LABELS[category as DropCategory] ?? category}
    </Badge>
  );
}
