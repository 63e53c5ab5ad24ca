import { Alert, List, Stack, Table, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { HelpBlock, HelpDoc } from '../docs/help-doc.ts';

function Block({ block }: { block: HelpBlock }) {
  switch (block.kind) {
    case 'p':
      return <Text size="sm">{block.text}</Text>;
    case 'note':
      return (
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
          <Text size="sm">{block.text}</Text>
        </Alert>
      );
    case 'list':
    case 'steps':
      return (
        <List type={block.kind === 'steps' ? 'ordered' : 'unordered'} size="sm" spacing={4}>
          {block.items.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
      );
    case 'table':
      return (
        <Table.ScrollContainer minWidth={420}>
          <Table withTableBorder withColumnBorders fz="sm" verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                {block.head.map((h, i) => (
                  <Table.Th key={`${h}-${i}`}>{h}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {block.rows.map((row) => (
                <Table.Tr key={row.join('|')}>
                  {row.map((cell, i) => (
                    <Table.Td key={`${cell}-${i}`}>{cell}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      );
  }
}

/** One help page: its sections, each an anchor (`#section-id`) that screens link to. */
export function HelpDocView({ doc }: { doc: HelpDoc }) {
  return (
    <Stack gap="xl" data-testid="help-doc">
      {doc.sections.map((section) => (
        <Stack key={section.id} gap="sm" id={section.id} component="section" aria-labelledby={`${section.id}-title`} style={{ scrollMarginTop: 80 }}>
          <Title order={2} size="h4" id={`${section.id}-title`}>
            {section.title}
          </Title>
          {section.blocks.map((block, i) => (
            <Block key={i} block={block} />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
