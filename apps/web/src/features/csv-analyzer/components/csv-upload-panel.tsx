import { useState, type ReactNode } from 'react';
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { getMarket, type MarketId } from '@dealradar/shared/markets';
import type { SpreadsheetPreview } from '@dealradar/shared/spreadsheet-preview';
import { ColumnMappingDialog, type ColumnMapping } from '../../../components/column-mapping-dialog.tsx';
import { KeepaTokenEstimate } from '../../../components/keepa-token-estimate.tsx';
import { readSupplierFilePreview } from '../../../lib/supplier-file-preview.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { sendSupplierFile, type PendingUpload } from '../../../lib/supplier-upload.ts';
import { useStartCsvScan } from '../api/start-csv-scan.ts';
import { toastError, toastInfo } from '../toasts.ts';
import { CsvDropzone } from './csv-dropzone.tsx';
import { CsvMarketSelect } from './csv-market-select.tsx';

function withServerReason(message: string, error: unknown): string {
  return error instanceof ApiError && error.serverError ? `${message}: ${error.serverError}` : message;
}

interface PendingFile {
  file: File;
  preview: SpreadsheetPreview;
  /** Sent once as soon as it was read (POST /uploads); the estimate and the start name its id. */
  upload: PendingUpload;
}

/**
 * Market selector + drop zone. Each dropped file is read (header + 3 rows) and sent once, then mapped in its own
 * dialog, one after the other; a confirmed file's scan starts from its upload (SPEC §2, §5, §7).
 */
export function CsvUploadPanel({ footer }: { footer?: ReactNode }) {
  const [market, setMarket] = useState<MarketId>('DE');
  const [queue, setQueue] = useState<PendingFile[]>([]);
  const [batchSize, setBatchSize] = useState(0);
  const start = useStartCsvScan();

  const handleFiles = async (files: File[]) => {
    const read: PendingFile[] = [];
    for (const file of files) {
      try {
        const preview = await readSupplierFilePreview(file);
        read.push({ file, preview, upload: sendSupplierFile(file) });
      } catch (error) {
        // SPEC §5 'Failed to read CSV'; an XLSX that cannot be read (old .xls, password, damaged) says why.
        const reason = error instanceof Error && error.message !== 'Failed to read CSV' ? ` (${error.message})` : '';
        toastError('Failed to read CSV', `Failed to read CSV: ${file.name}${reason}`);
      }
    }
    if (read.length === 0) return;
    setBatchSize((size) => (queue.length === 0 ? read.length : size + read.length));
    setQueue((q) => [...q, ...read]);
  };

  const current = queue[0] ?? null;
  const next = () => setQueue((q) => q.slice(1));
  const [loadingSheet, setLoadingSheet] = useState(false);

  const changeSheet = async (sheet: string) => {
    if (!current) return;
    setLoadingSheet(true);
    try {
      const preview = await readSupplierFilePreview(current.file, sheet);
      setQueue((q) => q.map((p) => (p.file === current.file ? { ...p, preview } : p)));
    } catch (error) {
      toastError('Failed to read CSV', error instanceof Error ? error.message : `Failed to read CSV: ${current.file.name}`);
    } finally {
      setLoadingSheet(false);
    }
  };

  const handleConfirm = (mapping: ColumnMapping) => {
    if (!current) return;
    const { file, upload } = current;
    const marketName = getMarket(market).name;
    next();
    start.mutate(
      { file, upload, marketId: market, mapping },
      {
        onSuccess: () => toastInfo('Upload Started', `Started processing ${file.name} for ${marketName}`),
        // SPEC §8: the server's sentence when it sent one, after the fallback that names the file.
        onError: (error) => toastError('Upload Failed', withServerReason(`Failed to process ${file.name}`, error)),
      },
    );
  };

  const position = batchSize - queue.length + 1;
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <div>
            <Title order={4}>Upload supplier price lists</Title>
            <Text size="sm" c="dimmed">
              Choose the market, then drop your CSV or XLSX files. You map the columns of each file before it is scanned.
            </Text>
          </div>
          <CsvMarketSelect value={market} onChange={setMarket} />
        </Group>
        <CsvDropzone onFiles={(files) => void handleFiles(files)} />
        {footer}
      </Stack>
      <ColumnMappingDialog
        opened={current !== null}
        fileName={current?.file.name ?? ''}
        preview={current?.preview ?? null}
        priceRequired={false}
        loadingSheet={loadingSheet}
        onSheetChange={(sheet) => void changeSheet(sheet)}
        caption={batchSize > 1 ? `File ${position} of ${batchSize}` : undefined}
        onConfirm={handleConfirm}
        onCancel={next}
        renderEstimate={(eanColumn, sheet) => current && <KeepaTokenEstimate upload={current.upload} market={market} eanColumn={eanColumn} sheet={sheet} />}
      />
    </Card>
  );
}
