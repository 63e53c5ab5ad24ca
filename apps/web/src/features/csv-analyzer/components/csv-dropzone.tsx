import { Group, Stack, Text, rem } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconFileSpreadsheet, IconUpload, IconX } from '@tabler/icons-react';
import { CSV_TEMPLATE_MAX_FILES, SUPPLIER_CSV_MAX_BYTES } from '@dealradar/shared/constants';
import { rejectionMessages, SUPPLIER_FILE_ACCEPT } from '../../../lib/supplier-file-rules.ts';
import { toastError } from '../toasts.ts';

/** One toast per distinct rejection sentence ('Too many files', 'File type must be .csv or .xlsx.', too large, .xls). */
function showRejections(rejections: FileRejection[]): void {
  for (const message of rejectionMessages(rejections)) toastError('File rejected', message);
}

/** More than 5 files at once: the whole drop is refused, not just the files after the fifth. */
function handleDrop(files: File[], rejections: FileRejection[], onFiles: (files: File[]) => void): void {
  showRejections(rejections);
  const tooMany = rejections.some((r) => r.errors.some((e) => e.code === 'too-many-files'));
  if (!tooMany && files.length > 0) onFiles(files);
}

export function CsvDropzone({ onFiles, disabled }: { onFiles: (files: File[]) => void; disabled?: boolean }) {
  return (
    <Dropzone
      onDropAny={(files, rejections) => handleDrop(files, rejections, onFiles)}
      onDrop={() => undefined}
      accept={SUPPLIER_FILE_ACCEPT}
      maxSize={SUPPLIER_CSV_MAX_BYTES}
      maxFiles={CSV_TEMPLATE_MAX_FILES}
      multiple
      disabled={disabled}
      data-testid="csv-dropzone"
    >
      <Group justify="center" gap="xl" mih={150} style={{ pointerEvents: 'none' }}>
        <Dropzone.Accept>
          <IconUpload size={52} stroke={1.5} color="var(--mantine-color-indigo-6)" />
        </Dropzone.Accept>
        <Dropzone.Reject>
          <IconX size={52} stroke={1.5} color="var(--mantine-color-red-6)" />
        </Dropzone.Reject>
        <Dropzone.Idle>
          <IconFileSpreadsheet size={52} stroke={1.5} color="var(--mantine-color-dimmed)" />
        </Dropzone.Idle>
        <Stack gap={4}>
          <Text size="xl" inline>
            Drag supplier files (CSV or XLSX) here or click to select
          </Text>
          <Text size="sm" c="dimmed" mt={rem(7)}>
            Up to {CSV_TEMPLATE_MAX_FILES} .csv or .xlsx files of at most 50 MB at once, with EAN, brand and (optionally) price columns.
          </Text>
          <Text size="sm" c="dimmed">
            Completed scans are kept for 24 hours.
          </Text>
        </Stack>
      </Group>
    </Dropzone>
  );
}
