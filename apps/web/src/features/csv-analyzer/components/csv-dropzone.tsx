import { Group, Stack, Text, rem } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconFileSpreadsheet, IconUpload, IconX } from '@tabler/icons-react';
import { CSV_TEMPLATE_MAX_FILES } from '@dealradar/shared/constants';
import { toastError } from '../toasts.ts';

/** Only text/csv with the .csv extension (SPEC §5). */
export const CSV_ACCEPT = { 'text/csv': ['.csv'] };

/** One toast per distinct rejection message ('Too many files', 'File type must be …', too large/small). */
export function showRejections(rejections: FileRejection[]): void {
  const messages = new Set(rejections.flatMap((r) => r.errors.map((e) => e.message)));
  for (const message of messages) toastError('File rejected', message);
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
      accept={CSV_ACCEPT}
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
            Drag supplier CSV files here or click to select
          </Text>
          <Text size="sm" c="dimmed" mt={rem(7)}>
            Up to {CSV_TEMPLATE_MAX_FILES} .csv files at once, with EAN, brand and (optionally) price columns.
          </Text>
          <Text size="sm" c="dimmed">
            Completed scans are kept for 24 hours.
          </Text>
        </Stack>
      </Group>
    </Dropzone>
  );
}
