import { Group, Pagination, Text } from '@mantine/core';
import { PAGE_SIZE } from '@dealradar/shared/constants';

/** "Page 2 of 7 · 100 per page" and the page buttons under a table; nothing while everything fits on one page. */
export function PagePager({ page, totalPages, onChange }: { page: number; totalPages: number | undefined; onChange: (page: number) => void }) {
  if (!totalPages || totalPages <= 1) return null;
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">
        Page {page} of {totalPages} · {PAGE_SIZE} per page
      </Text>
      <Pagination total={totalPages} value={page} onChange={onChange} />
    </Group>
  );
}
