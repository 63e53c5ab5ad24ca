import { Badge, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { TOP_BRANDS_LIMIT } from '@dealradar/shared/drops';
import { DashboardSection } from './dashboard-section.tsx';
import { formatCount } from '../../../lib/format.ts';

/** Top Brands by Price Drops: up to 10 cards with rank; the section shows only when the list is non-empty. */
export function TopBrands({ brands }: { brands: Array<{ brand: string; dropCount: number }> | undefined }) {
  if (!brands || brands.length === 0) return null;
  return (
    <DashboardSection title="Top Brands by Price Drops">
      <SimpleGrid cols={{ base: 2, md: 5 }} spacing="sm">
        {brands.slice(0, TOP_BRANDS_LIMIT).map((b, i) => (
          <Paper key={b.brand} withBorder radius="md" p="sm" data-testid="top-brand">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text fw={600} size="sm" lineClamp={2} title={b.brand} style={{ overflowWrap: 'anywhere', hyphens: 'auto' }}>
                {b.brand}
              </Text>
              <Badge variant="light" size="sm" style={{ flexShrink: 0 }}>
                #{i + 1}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed" mt={4}>
              {formatCount(b.dropCount)} drops
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </DashboardSection>
  );
}
