import type { ReactNode } from 'react';
import { Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { SystemFiguresDto } from '@dealradar/shared/contracts/system';
import { ago, formatBytes, formatSpan } from '../format.ts';
import { formatDateTimeSeconds } from '../../../lib/date-format.ts';
import { formatCount, NO_VALUE } from '../../../lib/format.ts';

function Section({ title, testId, children, note }: { title: string; testId: string; children: ReactNode; note?: string }) {
  return (
    <Paper withBorder radius="lg" p="lg" shadow="xs" data-testid={testId}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {note && (
          <Text size="sm" c="dimmed">
            {note}
          </Text>
        )}
        {children}
      </Stack>
    </Paper>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" size="sm">
      {children}
    </Text>
  );
}

function Figure({ label, value, detail }: { label: string; value: ReactNode; detail?: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
      {detail && (
        <Text size="sm" c="dimmed">
          {detail}
        </Text>
      )}
    </Stack>
  );
}

const ROLE_LABEL: Record<string, string> = { api: 'API', worker: 'Worker', 'api+worker': 'API + worker' };

export function ProcessesSection({ figures, nowMs }: { figures: SystemFiguresDto; nowMs: number }) {
  return (
    <Section title="Processes" testId="system-processes" note="API and worker processes seen in the last 24 hours, from their heartbeats (every 15 s).">
      {figures.processes.length === 0 ? (
        <Empty>No process has recorded a heartbeat yet.</Empty>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Role</Table.Th>
                <Table.Th>Host and process</Table.Th>
                <Table.Th>Version</Table.Th>
                <Table.Th>Started</Table.Th>
                <Table.Th>Last heartbeat</Table.Th>
                <Table.Th>State</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {figures.processes.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{ROLE_LABEL[p.role] ?? p.role}</Table.Td>
                  <Table.Td>
                    {p.host} · pid {p.pid}
                    {p.lease !== null && (
                      <Text span size="xs" c="dimmed">
                        {' '}
                        · lease {p.lease}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{p.version}</Table.Td>
                  <Table.Td title={formatDateTimeSeconds(p.startedAt)}>{ago(p.startedAt, nowMs)}</Table.Td>
                  <Table.Td title={formatDateTimeSeconds(p.heartbeatAt)}>{ago(p.heartbeatAt, nowMs)}</Table.Td>
                  <Table.Td>
                    {p.alive ? <Badge color="green">Alive</Badge> : p.stoppedAt ? <Badge color="gray">Stopped</Badge> : <Badge color="red">Silent</Badge>}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}

export function RunsSection({ figures, nowMs }: { figures: SystemFiguresDto; nowMs: number }) {
  return (
    <Section
      title="Running scans and refreshes"
      testId="system-runs"
      note="Stuck: no heartbeat for 60 s, or its process is gone. A worker's sweep resumes a stuck run from its checkpoint."
    >
      {figures.durableRuns.length === 0 ? (
        <Empty>Nothing is running.</Empty>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Run</Table.Th>
                <Table.Th>Attempt</Table.Th>
                <Table.Th>Last heartbeat</Table.Th>
                <Table.Th>Owner process</Table.Th>
                <Table.Th>State</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {figures.durableRuns.map((r) => (
                <Table.Tr key={`${r.kind}:${r.id}`} data-testid="system-run">
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {r.label}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {r.kind} {r.id}
                    </Text>
                  </Table.Td>
                  <Table.Td>{r.attempts}</Table.Td>
                  <Table.Td>{r.heartbeatAt ? ago(r.heartbeatAt, nowMs) : 'never'}</Table.Td>
                  <Table.Td>
                    {r.owner
                      ? `${ROLE_LABEL[r.owner.role] ?? r.owner.role} on ${r.owner.host} (pid ${r.owner.pid})`
                      : r.ownerLease !== null
                        ? `lease ${r.ownerLease} (no heartbeat)`
                        : figures.database.kind === 'pglite'
                          ? 'this server'
                          : 'unknown'}
                  </Table.Td>
                  <Table.Td>{r.stuck ? <Badge color="red">Stuck</Badge> : <Badge color="blue">Running</Badge>}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}

export function QueuesSection({ figures }: { figures: SystemFiguresDto }) {
  return (
    <Section title="Job queues" testId="system-queues" note="pg-boss queues: jobs waiting (start time reached), running, and failed in the last 24 hours.">
      {figures.queues.length === 0 ? (
        <Empty>The job queue is not installed in this database yet.</Empty>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Queue</Table.Th>
                <Table.Th ta="right">Waiting</Table.Th>
                <Table.Th ta="right">Oldest waiting</Table.Th>
                <Table.Th ta="right">Running</Table.Th>
                <Table.Th ta="right">Failed (24 h)</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {figures.queues.map((q) => (
                <Table.Tr key={q.name}>
                  <Table.Td>{q.name}</Table.Td>
                  <Table.Td ta="right">{q.waiting}</Table.Td>
                  <Table.Td ta="right">{q.waiting ? formatSpan(q.oldestWaitingSeconds) : NO_VALUE}</Table.Td>
                  <Table.Td ta="right">{q.active}</Table.Td>
                  <Table.Td ta="right" c={q.failedLast24h ? 'red' : undefined}>
                    {q.failedLast24h}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}

export function KeepaAndRefreshSection({ figures, nowMs }: { figures: SystemFiguresDto; nowMs: number }) {
  const { keepa, priceRefresh } = figures;
  const last = priceRefresh.last;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Section title="Keepa tokens" testId="system-keepa">
        <Group grow align="flex-start">
          <Figure
            label="Tokens left"
            value={keepa.last ? formatCount(keepa.last.tokensLeft) : NO_VALUE}
            detail={
              keepa.last
                ? `${keepa.last.refillPerMinute ?? '?'} per minute; as of ${ago(keepa.last.at, nowMs)}`
                : 'No Keepa answer yet (demo data uses no tokens).'
            }
          />
          <Figure
            label="Scans waiting for tokens"
            value={keepa.waitingScans}
            detail={keepa.secondsUntilContinue !== null ? `the first continues in ${formatSpan(keepa.secondsUntilContinue)}` : 'none waits'}
          />
        </Group>
      </Section>
      <Section title="Price refresh" testId="system-refresh">
        <Group grow align="flex-start">
          <Figure
            label="Last"
            value={
              last ? (
                <Badge color={last.status === 'succeeded' ? 'green' : 'red'} size="lg">
                  {last.status === 'succeeded' ? 'Succeeded' : 'Failed'}
                </Badge>
              ) : (
                NO_VALUE
              )
            }
            detail={
              last
                ? `${ago(last.finishedAt, nowMs)} (${last.trigger})${last.durationSeconds !== null ? `, took ${formatSpan(last.durationSeconds)}` : ''}${
                    last.variantsChanged !== null ? `, ${formatCount(last.variantsChanged)} prices changed` : ''
                  }${last.error ? ` — ${last.error}` : ''}`
                : 'No refresh has finished yet.'
            }
          />
          <Figure
            label={priceRefresh.running ? 'Running now; next scheduled' : 'Next scheduled'}
            value={ago(priceRefresh.nextAt, nowMs)}
            detail={`${formatDateTimeSeconds(priceRefresh.nextAt)} (schedule in ${priceRefresh.timeZone})`}
          />
        </Group>
      </Section>
    </SimpleGrid>
  );
}

export function FailedDeliveriesSection({ figures }: { figures: SystemFiguresDto }) {
  const { countLast24h, latest } = figures.failedDeliveries;
  return (
    <Section
      title={`Failed alert deliveries (24 h): ${countLast24h}`}
      testId="system-failed-deliveries"
      note={countLast24h > latest.length ? `The latest ${latest.length} are listed.` : 'Messages that failed after their last try.'}
    >
      {latest.length === 0 ? (
        <Empty>No delivery failed in the last 24 hours.</Empty>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Time</Table.Th>
                <Table.Th>Channel</Table.Th>
                <Table.Th>Target</Table.Th>
                <Table.Th>User</Table.Th>
                <Table.Th>Error</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {latest.map((d) => (
                <Table.Tr key={d.id} data-testid="system-failed-delivery">
                  <Table.Td>{formatDateTimeSeconds(d.createdAt)}</Table.Td>
                  <Table.Td>{d.channel === 'email' ? 'E-mail' : 'Webhook'}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{d.target ?? NO_VALUE}</Table.Td>
                  <Table.Td>{d.userEmail ?? NO_VALUE}</Table.Td>
                  <Table.Td>
                    {d.error ?? NO_VALUE}
                    <Text size="xs" c="dimmed">
                      {d.kind}, {d.attempts} {d.attempts === 1 ? 'try' : 'tries'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}

export function DatabaseSection({ figures }: { figures: SystemFiguresDto }) {
  const { database } = figures;
  return (
    <Section title="Database" testId="system-database">
      <Figure
        label={database.kind === 'pglite' ? 'Embedded database' : 'PostgreSQL'}
        value={formatBytes(database.sizeBytes)}
        detail="Largest tables, with their indexes:"
      />
      <Table striped>
        <Table.Tbody>
          {database.largestTables.map((t) => (
            <Table.Tr key={t.name}>
              <Table.Td>{t.name}</Table.Td>
              <Table.Td ta="right">{formatBytes(t.bytes)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Section>
  );
}
