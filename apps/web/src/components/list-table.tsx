import type { ReactNode } from 'react';
import { Table, Text, type MantineSpacing } from '@mantine/core';

interface ListTableProps {
  /** The column headers; an empty string leaves a header cell blank (an actions column). */
  headers: string[];
  /** Shown, dimmed, instead of the table when there are no rows. */
  empty: ReactNode;
  /** Whether there is any row; false shows `empty`. */
  hasRows: boolean;
  minWidth: number;
  verticalSpacing?: MantineSpacing;
  testId?: string;
  /** The rows (Table.Tr elements). */
  children: ReactNode;
}

/** A horizontally scrolling table with a header row, or a dimmed sentence when it has no rows. */
export function ListTable({ headers, empty, hasRows, minWidth, verticalSpacing = 'sm', testId, children }: ListTableProps) {
  if (!hasRows) {
    return (
      <Text c="dimmed" size="sm">
        {empty}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing={verticalSpacing} data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {headers.map((header, index) => (
              <Table.Th key={`${index}-${header}`}>{header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
