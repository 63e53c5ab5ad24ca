import { ActionIcon, Anchor, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { Mapping } from '@dealradar/shared/contracts/market-data';
import { amazonProductUrl } from '@dealradar/shared/markets';
import { formatDateTime } from '../../../lib/date-format.ts';

interface MappingsTableProps {
  mappings: Mapping[];
  onEdit: (mapping: Mapping) => void;
  onDelete: (mapping: Mapping) => void;
}

/** The EAN-ASIN mappings table with Edit and Delete per row. */
export function MappingsTable({ mappings, onEdit, onDelete }: MappingsTableProps) {
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table highlightOnHover verticalSpacing="sm" data-testid="mappings-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>EAN</Table.Th>
            <Table.Th>ASIN</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Brand</Table.Th>
            <Table.Th>Packs</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th w={96} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {mappings.map((m) => (
            <Table.Tr key={m.id}>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {m.ean}
                </Text>
              </Table.Td>
              <Table.Td>
                <Anchor href={amazonProductUrl('DE', m.asin)} target="_blank" rel="noreferrer" size="sm" ff="monospace">
                  {m.asin}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm" lineClamp={2}>
                  {m.name}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{m.brand}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{m.numberOfPacks}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {formatDateTime(m.createdAt)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Tooltip label="Edit" withArrow>
                    <ActionIcon variant="subtle" color="gray" aria-label={`Edit mapping ${m.ean}`} onClick={() => onEdit(m)}>
                      <IconPencil size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Delete" withArrow>
                    <ActionIcon variant="subtle" color="red" aria-label={`Delete mapping ${m.ean}`} onClick={() => onDelete(m)}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
