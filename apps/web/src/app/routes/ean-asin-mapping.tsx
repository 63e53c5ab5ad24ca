import { useState } from 'react';
import { Button, Center, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconDownload, IconLink, IconPlus, IconRefresh } from '@tabler/icons-react';
import type { Mapping } from '@dealradar/shared/contracts/market-data';
import { PageHeader } from '../../components/page-header.tsx';
import { PagePager } from '../../components/page-pager.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { notifyError } from '../../lib/notify.ts';
import { useDeleteMapping, useMappings } from '../../features/mappings/api/mappings.ts';
import { MappingFormDialog } from '../../features/mappings/components/mapping-form-dialog.tsx';
import { MappingsTable } from '../../features/mappings/components/mappings-table.tsx';
import { exportAllMappings } from '../../features/mappings/export-mappings.ts';

/** /ean-asin-mapping (admin): paginated mappings with Add, Edit, Delete, Refresh and Export (SPEC §2). */
export function EanAsinMappingPage() {
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<{ opened: boolean; mapping?: Mapping }>({ opened: false });
  const mappings = useMappings(page - 1);
  const remove = useDeleteMapping();
  const [exporting, setExporting] = useState(false);

  // SPEC §2 gives Export no action; ours downloads every mapping as CSV (docs/market-data.md) rather than a dead button.
  const onExport = async () => {
    setExporting(true);
    try {
      await exportAllMappings();
    } catch (error) {
      notifyError(errorMessage(error, 'Failed to fetch EAN-ASIN mappings'));
    } finally {
      setExporting(false);
    }
  };

  const onDelete = (mapping: Mapping) => {
    if (!window.confirm('Are you sure you want to delete this EAN-ASIN mapping?')) return;
    remove.mutate(mapping.id, {
      onError: (error) => notifyError(errorMessage(error, 'Failed to delete EAN-ASIN mapping')),
    });
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title="EAN-ASIN Mappings"
        help={{ doc: 'ean-asin-mapping', label: 'Help: EAN-ASIN mappings' }}
        subtitle="Override which Amazon listing an EAN is matched to, and how many units it holds"
        icon={<IconLink size={24} />}
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              onClick={() => void mappings.refetch()}
              loading={mappings.isFetching && !mappings.isPending}
            >
              Refresh
            </Button>
            <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => void onExport()} loading={exporting}>
              Export
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ opened: true })}>
              Add
            </Button>
          </>
        }
      />
      <Paper withBorder radius="lg" p="lg" shadow="xs">
        <Stack gap="md">
          {mappings.isPending ? (
            <Center py="xl">
              <Loader />
            </Center>
          ) : mappings.isError ? (
            <Text c="red" ta="center" py="xl" role="alert">
              {errorMessage(mappings.error, 'Failed to fetch EAN-ASIN mappings')}
            </Text>
          ) : mappings.data.content.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              No EAN-ASIN mappings found
            </Text>
          ) : (
            <MappingsTable mappings={mappings.data.content} onEdit={(mapping) => setDialog({ opened: true, mapping })} onDelete={onDelete} />
          )}
          <PagePager page={page} totalPages={mappings.data?.totalPages} onChange={setPage} />
        </Stack>
      </Paper>
      <MappingFormDialog opened={dialog.opened} mapping={dialog.mapping} onClose={() => setDialog({ opened: false })} />
    </Stack>
  );
}
