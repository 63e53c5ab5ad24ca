import { useState } from 'react';
import { Group, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconFileSpreadsheet, IconUpload, IconX } from '@tabler/icons-react';
import { SUPPLIER_CSV_MAX_BYTES } from '@dealradar/shared/constants';
import type { CsvPreview } from '@dealradar/shared/csv';
import { ColumnMappingDialog, type ColumnMapping } from '../../../components/column-mapping-dialog.tsx';
import { readCsvFilePreview } from '../../../lib/csv-file-preview.ts';
import { toast } from '../toasts.ts';

interface SupplierFileUploadProps {
  disabled: boolean;
  loading: boolean;
  onStart: (file: File, mapping: ColumnMapping) => void;
}

function rejectionMessage(rejections: FileRejection[]): string {
  const codes = new Set(rejections.flatMap((r) => r.errors.map((e) => e.code)));
  if (codes.has('too-many-files')) return 'Please upload one file at a time.';
  if (codes.has('file-too-large')) return 'The file is larger than 50 MB (52428800 bytes).';
  if (codes.has('file-invalid-type')) return 'Only .csv files can be uploaded.';
  return rejections[0]?.errors[0]?.message ?? 'The file was rejected.';
}

/** One .csv file of at most 50 MB, read for the mapping dialog (EAN, brand and price required) (SPEC §5). */
export function SupplierFileUpload({ disabled, loading, onStart }: SupplierFileUploadProps) {
  const [pending, setPending] = useState<{ file: File; preview: CsvPreview } | null>(null);

  const handleDrop = async (files: File[]) => {
    const file = files[0];
    if (!file) return;
    try {
      setPending({ file, preview: await readCsvFilePreview(file) });
    } catch {
      toast('Error', 'Failed to read CSV', 'red');
    }
  };

  return (
    <>
      <Dropzone
        onDrop={(files) => void handleDrop(files)}
        onReject={(rejections) => toast('File rejected', rejectionMessage(rejections), 'red')}
        accept={{ 'text/csv': ['.csv'] }}
        maxSize={SUPPLIER_CSV_MAX_BYTES}
        maxFiles={1}
        multiple={false}
        disabled={disabled}
        loading={loading}
        data-testid="supplier-dropzone"
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
          <Stack gap={4}>
            <Text size="lg">Drop your supplier price list here or click to choose it</Text>
            <Text size="sm" c="dimmed">One .csv file up to 50 MB with EAN, brand and price columns (comma or semicolon separated).</Text>
          </Stack>
        </Group>
      </Dropzone>
      <ColumnMappingDialog
        opened={pending !== null}
        fileName={pending?.file.name ?? ''}
        preview={pending?.preview ?? null}
        priceRequired
        onCancel={() => setPending(null)}
        onConfirm={(mapping) => {
          if (pending) onStart(pending.file, mapping);
          setPending(null);
        }}
      />
    </>
  );
}
