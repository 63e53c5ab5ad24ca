import { useState } from 'react';
import { Group, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconFileSpreadsheet, IconUpload, IconX } from '@tabler/icons-react';
import { SUPPLIER_CSV_MAX_BYTES } from '@dealradar/shared/constants';
import type { SpreadsheetPreview } from '@dealradar/shared/spreadsheet-preview';
import type { MarketChoice } from '@dealradar/shared/best-market';
import { ColumnMappingDialog, type ColumnMapping } from '../../../components/column-mapping-dialog.tsx';
import { KeepaTokenEstimate } from '../../../components/keepa-token-estimate.tsx';
import { readSupplierFilePreview } from '../../../lib/supplier-file-preview.ts';
import { rejectionMessages, SUPPLIER_FILE_ACCEPT, supplierFileProblem } from '../../../lib/supplier-file-rules.ts';
import { sendSupplierFile, type PendingUpload } from '../../../lib/supplier-upload.ts';
import { toast } from '../toasts.ts';

interface SupplierFileUploadProps {
  disabled: boolean;
  loading: boolean;
  /** Shown in the drop zone instead of the hint when no file can be taken (e.g. the plan's EAN uploads are used up). */
  blockedReason?: string | null;
  /** The market of the scan, or ALL (the Keepa token estimate is per market: ALL counts all seven). */
  market: MarketChoice;
  /** The file as sent once when it was dropped (the start names its id). */
  onStart: (file: File, upload: PendingUpload, mapping: ColumnMapping) => void;
}

/**
 * One .csv or .xlsx file of at most 50 MB, read here for the mapping dialog (EAN, brand and price required) (SPEC §5) and
 * sent to the server once at the same time (POST /uploads): the estimate and the start name the upload's id.
 */
export function SupplierFileUpload({ disabled, loading, blockedReason, market, onStart }: SupplierFileUploadProps) {
  const [pending, setPending] = useState<{ file: File; preview: SpreadsheetPreview; upload: PendingUpload } | null>(null);
  const [loadingSheet, setLoadingSheet] = useState(false);

  const handleDrop = async (files: File[]) => {
    const file = files[0];
    if (!file) return;
    const problem = supplierFileProblem(file);
    if (problem) {
      toast('File rejected', problem, 'red');
      return;
    }
    try {
      const preview = await readSupplierFilePreview(file);
      setPending({ file, preview, upload: sendSupplierFile(file) });
    } catch (error) {
      toast('Error', error instanceof Error ? error.message : 'Failed to read CSV', 'red');
    }
  };

  const changeSheet = async (sheet: string) => {
    if (!pending) return;
    setLoadingSheet(true);
    try {
      const preview = await readSupplierFilePreview(pending.file, sheet);
      setPending((p) => (p && p.file === pending.file ? { ...p, preview } : p));
    } catch (error) {
      toast('Error', error instanceof Error ? error.message : 'Failed to read the sheet', 'red');
    } finally {
      setLoadingSheet(false);
    }
  };

  const blocked = !!blockedReason;
  return (
    <>
      <Dropzone
        onDrop={(files) => void handleDrop(files)}
        onReject={(rejections) => toast('File rejected', rejectionMessages(rejections, 'Please upload one file at a time.').join(' '), 'red')}
        accept={SUPPLIER_FILE_ACCEPT}
        maxSize={SUPPLIER_CSV_MAX_BYTES}
        maxFiles={1}
        multiple={false}
        disabled={disabled || blocked}
        loading={loading}
        data-testid="supplier-dropzone"
        data-blocked={blocked || undefined}
      >
        <Group justify="center" gap="xl" mih={130} style={{ pointerEvents: 'none' }}>
          <Dropzone.Accept>
            <IconUpload size={48} stroke={1.5} color="var(--mantine-color-indigo-6)" />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={48} stroke={1.5} color="var(--mantine-color-red-6)" />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconFileSpreadsheet size={48} stroke={1.5} color="var(--mantine-color-dimmed)" />
          </Dropzone.Idle>
          {blocked ? (
            <Stack gap={4}>
              <Text size="lg" c="dimmed">
                Uploads are paused
              </Text>
              <Text size="sm" c="orange.8" data-testid="supplier-dropzone-blocked">
                {blockedReason}
              </Text>
            </Stack>
          ) : (
            <Stack gap={4}>
              <Text size="lg">Drop your supplier price list here or click to choose it</Text>
              <Text size="sm" c="dimmed">
                One .csv or .xlsx file up to 50 MB with EAN, brand and price columns (CSV comma or semicolon separated).
              </Text>
            </Stack>
          )}
        </Group>
      </Dropzone>
      <ColumnMappingDialog
        opened={pending !== null}
        fileName={pending?.file.name ?? ''}
        preview={pending?.preview ?? null}
        priceRequired
        loadingSheet={loadingSheet}
        onSheetChange={(sheet) => void changeSheet(sheet)}
        onCancel={() => setPending(null)}
        renderEstimate={(eanColumn, sheet) => pending && <KeepaTokenEstimate upload={pending.upload} market={market} eanColumn={eanColumn} sheet={sheet} />}
        onConfirm={(mapping) => {
          if (pending) onStart(pending.file, pending.upload, mapping);
          setPending(null);
        }}
      />
    </>
  );
}
