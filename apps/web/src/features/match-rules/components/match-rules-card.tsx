import { useState } from 'react';
import { Badge, Button, Center, Group, Loader, Pagination, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconArrowBackUp, IconLink, IconSearch } from '@tabler/icons-react';
import { SectionCard } from '../../../components/section-card.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/date-format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDeleteMatchRule, useMatchRules } from '../api/match-rules.ts';
import { NO_VALUE } from '../../../lib/format.ts';

/**
 * Settings → Match rules: the organization's "wrong match" and "always match" rules, newest first, to review
 * and undo. Rules are made from the deal and favorite cards.
 */
export function MatchRulesCard({ onChanged }: { onChanged?: () => void }) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const rules = useMatchRules(page - 1, search.trim());
  const undo = useDeleteMatchRule(onChanged);
  const content = rules.data?.content ?? [];
  const totalPages = rules.data?.totalPages ?? 0;

  return (
    <div id="match-rules">
      <SectionCard
        title="Match rules"
        icon={<IconLink size={20} />}
        testId="match-rules-card"
        description="Your organization's own EAN → ASIN decisions, made with “Wrong match” and “Always match” on deals and favorites. They apply to every later supplier, CSV Template and brand scan of your organization and win over the admin's EAN-ASIN mappings."
      >
        <Stack gap="sm">
          <TextInput
            placeholder="Search EAN or ASIN"
            leftSection={<IconSearch size={14} />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            maw={320}
            aria-label="Search match rules"
          />
          {rules.isPending ? (
            <Center py="md">
              <Loader size="sm" />
            </Center>
          ) : rules.isError ? (
            <Text c="red" size="sm">
              Failed to load match rules
            </Text>
          ) : content.length === 0 ? (
            <Text c="dimmed" size="sm" data-testid="match-rules-empty">
              No match rules yet. Mark a deal as “Wrong match” or “Always match” to add one.
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={700}>
              <Table verticalSpacing="xs" striped data-testid="match-rules-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>EAN</Table.Th>
                    <Table.Th>ASIN</Table.Th>
                    <Table.Th>Rule</Table.Th>
                    <Table.Th>Product</Table.Th>
                    <Table.Th>By</Table.Th>
                    <Table.Th>Date</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {content.map((rule) => (
                    <Table.Tr key={rule.id} data-testid="match-rule-row" data-ean={rule.ean}>
                      <Table.Td>{rule.ean}</Table.Td>
                      <Table.Td>{rule.asin}</Table.Td>
                      <Table.Td>
                        {rule.kind === 'never' ? (
                          <Badge color="red" variant="light">
                            Wrong match
                          </Badge>
                        ) : (
                          <Badge color="teal" variant="light">
                            Always match · {rule.numberOfPacks}-pack
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Text size="xs" lineClamp={2}>
                          {[rule.productName, rule.market].filter(Boolean).join(' · ') || NO_VALUE}
                        </Text>
                      </Table.Td>
                      <Table.Td>{rule.createdBy ?? NO_VALUE}</Table.Td>
                      <Table.Td>{formatDateTime(rule.createdAt)}</Table.Td>
                      <Table.Td>
                        <Button
                          size="compact-xs"
                          variant="light"
                          leftSection={<IconArrowBackUp size={14} />}
                          loading={undo.isPending && undo.variables === rule.id}
                          onClick={() =>
                            undo.mutate(rule.id, {
                              onSuccess: () => notifySuccess(`The rule for EAN ${rule.ean} and ${rule.asin} was removed.`, 'Match rule undone'),
                              onError: (error) => notifyError(errorMessage(error, 'Failed to undo the match rule')),
                            })
                          }
                        >
                          Undo
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {totalPages > 1 && (
            <Group justify="center">
              <Pagination value={page} onChange={setPage} total={totalPages} />
            </Group>
          )}
        </Stack>
      </SectionCard>
    </div>
  );
}
