import { useEffect, useState } from 'react';
import { Badge, Button, Group, Modal, ScrollArea, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { guessColumns, type CsvPreview } from '@dealradar/shared/csv';

/** Header names chosen for the scan (SPEC §3 'Column mapping'). */
export interface ColumnMapping {
  ean: string;
  brand: string;
  /** null: no price column (only allowed when the price is optional). */
  price: string | null;
}

interface ColumnMappingDialogProps {
  opened: boolean;
  fileName: string;
  preview: CsvPreview | null;
  /** CSV Template Analyzer: optional; Supplier Level Analyzer: required (SPEC §5). */
  priceRequired: boolean;
  /** e.g. 'File 2 of 3' when several files wait for their mapping. */
  caption?: string;
  onConfirm: (mapping: ColumnMapping) => void;
  onCancel: () => void;
}

/**
 * Lets the user say which header holds the EAN, the brand and the price, with the header and the first
 * rows of the file shown (SPEC §5). Confirm stays disabled until every required column is chosen.
 */
export function ColumnMappingDialog({ opened, fileName, preview, priceRequired, caption, onConfirm, onCancel }: ColumnMappingDialogProps) {
  const [ean, setEan] = useState<string | null>(null);
  const [brand, setBrand] = useState<string | null>(null);
  const [price, setPrice] = useState<string | null>(null);

  useEffect(() => {
    const guess = preview ? guessColumns(preview.headers) : {};
    setEan(guess.ean ?? null);
    setBrand(guess.brand ?? null);
    setPrice(guess.price ?? null);
  }, [preview]);

  const headers = preview?.headers ?? [];
  const options = headers.map((h) => ({ value: h, label: h }));
  const canConfirm = !!ean && !!brand && (!priceRequired || !!price);
  const roleOf = (header: string) => (header === ean ? 'EAN' : header === brand ? 'Brand' : header === price ? 'Price' : null);

  return (
    <Modal opened={opened} onClose={onCancel} title="Map CSV columns" size="xl" centered>
      <Stack gap="md">
        <div>
          <Text fw={600} truncate>{fileName}</Text>
          <Text size="sm" c="dimmed">
            {caption ? `${caption} · ` : ''}Choose which columns hold the EAN, the brand and the supplier price. The first rows of the file are shown below.
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select label="EAN column" placeholder="Choose a column" data={options} value={ean} onChange={setEan} withAsterisk searchable allowDeselect={false} comboboxProps={{ withinPortal: true }} />
          <Select label="Brand column" placeholder="Choose a column" data={options} value={brand} onChange={setBrand} withAsterisk searchable allowDeselect={false} />
          <Select
            label="Price column"
            placeholder={priceRequired ? 'Choose a column' : 'None (optional)'}
            data={options}
            value={price}
            onChange={setPrice}
            withAsterisk={priceRequired}
            clearable={!priceRequired}
            searchable
          />
        </SimpleGrid>
        <ScrollArea type="auto">
          <Table withTableBorder withColumnBorders striped fz="sm" miw={Math.max(400, headers.length * 120)}>
            <Table.Thead>
              <Table.Tr>
                {headers.map((h) => (
                  <Table.Th key={h}>
                    <Group gap={6} wrap="nowrap">
                      <span>{h}</span>
                      {roleOf(h) && <Badge size="xs" variant="light">{roleOf(h)}</Badge>}
                    </Group>
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(preview?.rows ?? []).map((row, r) => (
                <Table.Tr key={r}>
                  {row.map((cell, c) => (
                    <Table.Td key={c}>{cell}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
              {preview && preview.rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={headers.length}>
                    <Text size="sm" c="dimmed">The file has a header but no data rows.</Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </ScrollArea>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>Cancel</Button>
          <Button disabled={!canConfirm} onClick={() => ean && brand && onConfirm({ ean, brand, price: price ?? null })}>
            Confirm
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
