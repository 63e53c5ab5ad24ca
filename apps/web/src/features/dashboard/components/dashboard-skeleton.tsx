import { Grid, SimpleGrid, Skeleton } from '@mantine/core';

/**
 * Grey blocks where the dashboard's cards will be, shown under 'Loading dashboard data...' while the four calls run.
 * They take about the height the loaded cards take (summary cards 99 px; Hot Deals and Recent Drops with five items
 * each ~720 px, Drops by Category ~314 px, Daily Drops ~272 px), so the page does not grow when the data arrives and
 * the footer does not jump through the screen (Lighthouse's layout shift, docs/platform.md). `panelsOnly`: the blocks of
 * the panels alone, for the moment between the summary cards and the panels (dashboard.tsx renders those separately).
 */
export function DashboardSkeleton({ panelsOnly = false }: { panelsOnly?: boolean }) {
  return (
    <>
      {!panelsOnly && (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" aria-hidden data-testid="dashboard-skeleton">
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} h={99} radius="lg" />
          ))}
        </SimpleGrid>
      )}
      <Grid gap="lg" aria-hidden data-testid={panelsOnly ? 'dashboard-panels-skeleton' : undefined}>
        {[720, 720, 314, 272].map((height, n) => (
          <Grid.Col key={n} span={{ base: 12, md: 6 }}>
            <Skeleton h={height} radius="lg" />
          </Grid.Col>
        ))}
      </Grid>
    </>
  );
}
