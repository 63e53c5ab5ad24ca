import { useState } from 'react';
import { ActionIcon, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconPlayerPlay, IconPlus, IconTrash } from '@tabler/icons-react';
import { MANUAL_ENTRY_MAX_ROWS, type ManualEntryRow } from '@dealradar/shared/contracts/scans';
import { parseDecimalInput } from '@dealradar/shared/decimal';
import { emptyManualRow, toManualEntries, type ManualRowInput } from '../manual-entry.ts';

/** On leaving the field a readable price is shown with two decimals ('4,2' → '4.20'); anything else stays as typed. */
function formatTypedPrice(price: number | string): string {
  const parsed = parseDecimalInput(price);
  return parsed.ok && parsed.value !== null ? parsed.value.toFixed(2) : String(price);
}
import { toast } from '../toasts.ts';

interface ManualEntryFormProps {
  disabled: boolean;
  loading: boolean;
  onStart: (rows: ManualEntryRow[]) => void;
}

/** Rows of EAN, brand and optional price (EUR, min 0; '4,20' and '4.20' both read as 4.20) (SPEC §3, §5). */
export function ManualEntryForm({ disabled, loading, onStart }: ManualEntryFormProps) {
  const [rows, setRows] = useState<ManualRowInput[]>(() => [emptyManualRow(), emptyManualRow(), emptyManualRow()]);

  const update = (key: string, patch: Partial<ManualRowInput>) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const removeRow = (key: string) => setRows((rs) => (rs.length > 1 ? rs.filter((r) => r.key !== key) : [emptyManualRow()]));

  const handleStart = () => {
    const result = toManualEntries(rows);
    if (!result.ok) {
      toast(result.title, result.message, 'red');
      return;
    }
    onStart(result.entries);
  };

  return (
    <Stack gap="sm">
      <Table verticalSpacing={6} withRowBorders={false} data-testid="manual-entry-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="40%">EAN</Table.Th>
            <Table.Th w="35%">Brand</Table.Th>
            <Table.Th>Price (EUR, optional)</Table.Th>
            <Table.Th w={40} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={row.key}>
              <Table.Td>
                <TextInput
                  aria-label={`EAN ${index + 1}`}
                  placeholder="e.g. 4005808123456"
                  value={row.ean}
                  onChange={(e) => update(row.key, { ean: e.currentTarget.value })}
                />
              </Table.Td>
              <Table.Td>
                <TextInput
                  aria-label={`Brand ${index + 1}`}
                  placeholder="e.g. Nivea"
                  value={row.brand}
                  onChange={(e) => update(row.key, { brand: e.currentTarget.value })}
                />
              </Table.Td>
              <Table.Td>
                <TextInput
                  aria-label={`Price ${index + 1}`}
                  placeholder="e.g. 4,20"
                  leftSection="€"
                  inputMode="decimal"
                  value={String(row.price)}
                  onChange={(e) => update(row.key, { price: e.currentTarget.value })}
                  onBlur={() => update(row.key, { price: formatTypedPrice(row.price) })}
                />
              </Table.Td>
              <Table.Td>
                <ActionIcon variant="subtle" color="gray" aria-label={`Remove row ${index + 1}`} onClick={() => removeRow(row.key)}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="space-between">
        <Button
          variant="default"
          leftSection={<IconPlus size={16} />}
          disabled={rows.length >= MANUAL_ENTRY_MAX_ROWS}
          onClick={() => setRows((rs) => [...rs, emptyManualRow()])}
        >
          Add row
        </Button>
        <Group gap="sm">
          <Text size="xs" c="dimmed">
            Blank rows are ignored.
          </Text>
          <Button leftSection={<IconPlayerPlay size={16} />} disabled={disabled} loading={loading} onClick={handleStart}>
            Analyze entries
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
