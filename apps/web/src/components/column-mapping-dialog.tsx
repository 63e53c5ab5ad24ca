import { useEffect, useState, type ReactNode } from 'react';
import { Badge, Button, Checkbox, Group, Modal, ScrollArea, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import type { SpreadsheetPreview } from '@dealradar/shared/spreadsheet-preview';
import { MappingChecksSlot } from './mapping-preview-checks.tsx';
import { PriceCurrencyFields } from './price-currency-fields.tsx';
import { guessedChoices, mappingOf, NO_BRAND_COLUMN_LABEL, parseUnitsPerPrice, type ColumnMapping, type MappingChoices } from '../lib/column-mapping.ts';

export type { ColumnMapping } from '../lib/column-mapping.ts';

interface ColumnMappingDialogProps {
  opened: boolean;
  fileName: string;
  preview: SpreadsheetPreview | null;
  /** CSV Template Analyzer: optional; Supplier Level Analyzer: required (SPEC §5). */
  priceRequired: boolean;
  /** e.g. 'File 2 of 3' when several files wait for their mapping. */
  caption?: string;
  /** XLSX with several sheets: the user chose another sheet; the parent reads its preview. */
  onSheetChange?: (sheet: string) => void;
  /** True while another sheet's preview is being read. */
  loadingSheet?: boolean;
  onConfirm: (mapping: ColumnMapping) => void;
  onCancel: () => void;
  /** Shown above the buttons for the chosen EAN column and sheet (the expected Keepa token cost, issue 12). */
  renderEstimate?: (eanColumn: string | null, sheet: string | undefined) => ReactNode;
}

const EMPTY: MappingChoices = { ean: null, brand: null, noBrandColumn: false, price: null, unitsColumn: null, unitsPerPrice: '' };

/**
 * Lets the user say which header holds the EAN, the brand, the price and (optionally) the units each price buys, with
 * the detected header and the first 3 data rows of the file shown (SPEC §5, issue 11). The columns are pre-selected
 * from their names and contents; Confirm stays disabled until EAN and brand (or "No brand column") and a required
 * price are chosen.
 */
export function ColumnMappingDialog({
  opened,
  fileName,
  preview,
  priceRequired,
  caption,
  onSheetChange,
  loadingSheet,
  onConfirm,
  onCancel,
  renderEstimate,
}: ColumnMappingDialogProps) {
  const [choices, setChoices] = useState<MappingChoices>(EMPTY);
  // No usable EAN in the chosen column: Confirm waits; some damaged EANs leave it enabled.
  const [checksBlock, setChecksBlock] = useState(false);
  useEffect(() => setChoices(preview ? guessedChoices(preview) : EMPTY), [preview]);
  const choose = (patch: Partial<MappingChoices>) => setChoices((c) => ({ ...c, ...patch }));

  const headers = preview?.headers ?? [];
  const options = headers.map((h) => ({ value: h, label: h }));
  const mapping = mappingOf(choices, { priceRequired, sheet: preview?.format === 'xlsx' ? (preview.sheet ?? null) : null });
  const unitsTyped = parseUnitsPerPrice(choices.unitsPerPrice);
  const roleOf = (header: string) =>
    header === choices.ean
      ? 'EAN'
      : header === choices.brand && !choices.noBrandColumn
        ? 'Brand'
        : header === choices.price
          ? 'Price'
          : header === choices.unitsColumn
            ? 'Units'
            : null;
  const kind = preview?.format === 'xlsx' ? 'XLSX' : 'CSV';
  const sheets = preview?.sheets ?? [];
  const skipped = preview?.skippedLines ?? [];

  return (
    <Modal opened={opened} onClose={onCancel} title={`Map ${kind} columns`} size="xl" centered>
      <Stack gap="md">
        <div>
          <Text fw={600} truncate>
            {fileName}
          </Text>
          <Text size="sm" c="dimmed">
            {caption ? `${caption} · ` : ''}Choose which columns hold the EAN, the brand and the supplier price. The columns recognized by their names and
            contents are pre-selected: check them before you confirm.
          </Text>
        </div>
        {sheets.length > 1 && (
          <Select
            label="Sheet"
            data={sheets}
            value={preview?.sheet ?? null}
            onChange={(sheet) => sheet && onSheetChange?.(sheet)}
            allowDeselect={false}
            disabled={loadingSheet}
            w={260}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <Select
            label="EAN column"
            placeholder="Choose a column"
            data={options}
            value={choices.ean}
            onChange={(ean) => choose({ ean })}
            withAsterisk
            searchable
            allowDeselect={false}
          />
          <Stack gap={4}>
            <Select
              label="Brand column"
              placeholder={choices.noBrandColumn ? 'From the marketplace' : 'Choose a column'}
              data={options}
              value={choices.noBrandColumn ? null : choices.brand}
              onChange={(brand) => choose({ brand, noBrandColumn: false })}
              disabled={choices.noBrandColumn}
              withAsterisk
              searchable
              allowDeselect={false}
            />
            <Checkbox
              size="xs"
              label={NO_BRAND_COLUMN_LABEL}
              checked={choices.noBrandColumn}
              onChange={(event) => choose({ noBrandColumn: event.currentTarget.checked })}
            />
          </Stack>
          <Select
            label="Price column"
            placeholder={priceRequired ? 'Choose a column' : 'None (optional)'}
            data={options}
            value={choices.price}
            onChange={(price) => choose({ price })}
            withAsterisk={priceRequired}
            clearable={!priceRequired}
            searchable
          />
          <Stack gap={4}>
            <Select
              label="Units column"
              description="When a price is for a case of several units"
              placeholder="None: per unit"
              data={options}
              value={choices.unitsColumn}
              onChange={(unitsColumn) => choose({ unitsColumn, unitsPerPrice: '' })}
              clearable
              searchable
            />
            <TextInput
              size="xs"
              label="or units per price for every row"
              placeholder="e.g. 6"
              value={choices.unitsPerPrice}
              onChange={(event) => choose({ unitsPerPrice: event.currentTarget.value, unitsColumn: null })}
              error={unitsTyped.ok ? null : unitsTyped.error}
              inputMode="numeric"
            />
          </Stack>
        </SimpleGrid>
        <PriceCurrencyFields preview={preview} priceColumn={choices.price} value={choices.priceTerms} onChange={(priceTerms) => choose({ priceTerms })} />
        {preview && preview.headerLine > 1 && (
          <Text size="xs" c="dimmed" data-testid="mapping-header-line">
            Header found on line {preview.headerLine}
            {skipped.length > 0 ? `; skipped above it: ${skipped.map((s) => (s.text ? `“${s.text}”` : 'a blank line')).join(', ')}` : ''}.
          </Text>
        )}
        <ScrollArea type="auto">
          <Table withTableBorder withColumnBorders striped fz="sm" miw={Math.max(400, headers.length * 120)} data-testid="mapping-preview">
            <Table.Thead>
              <Table.Tr>
                {headers.map((h) => (
                  <Table.Th key={h}>
                    <Group gap={6} wrap="nowrap">
                      <span>{h}</span>
                      {roleOf(h) && (
                        <Badge size="xs" variant="light">
                          {roleOf(h)}
                        </Badge>
                      )}
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
                    <Text size="sm" c="dimmed">
                      The file has a header but no data rows.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </ScrollArea>
        {opened && !loadingSheet && (
          <MappingChecksSlot onBlockedChange={setChecksBlock}>
            {renderEstimate?.(choices.ean, preview?.format === 'xlsx' ? (preview.sheet ?? undefined) : undefined)}
          </MappingChecksSlot>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button disabled={!mapping || loadingSheet || checksBlock} onClick={() => mapping && onConfirm(mapping)}>
            Confirm
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
