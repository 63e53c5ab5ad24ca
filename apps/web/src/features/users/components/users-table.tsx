import { ActionIcon, Badge, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { UserRow } from '@dealradar/shared/contracts/account';
import { formatLastActive, roleBadgeColor } from '../last-active.ts';
import { NO_VALUE } from '../../../lib/format.ts';

/** Why the only active administrator is offered neither deleting nor demoting or deactivating themselves. */
export const ONLY_ADMIN_HINT = 'You are the only active administrator. Make another user an administrator first.';

/**
 * The users table: role badges ADMIN red / USER blue, the plan (subscriptionTierName) with the Paddle customer id when
 * billed, last-active wording; Edit and Delete open their dialogs.
 */
export function UsersTable({
  users,
  nowMs,
  onEdit,
  onDelete,
  undeletableId,
}: {
  users: UserRow[];
  nowMs: number;
  onEdit: (user: UserRow) => void;
  onDelete: (user: UserRow) => void;
  /** The signed-in admin when they are the only active administrator: no Delete for them (the server refuses it too). */
  undeletableId?: string | null;
}) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table highlightOnHover verticalSpacing="sm" data-testid="users-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>User</Table.Th>
            <Table.Th>Organization</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Plan</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Last active</Table.Th>
            <Table.Th w={96} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id} data-testid={`user-row-${user.username}`}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {user.username}
                </Text>
                <Text size="xs" c="dimmed">
                  {user.email}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{user.organizationName ?? NO_VALUE}</Text>
              </Table.Td>
              <Table.Td>
                <Badge color={roleBadgeColor(user.role)} variant="light">
                  {user.role}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Badge color="gray" variant="outline">
                  {user.subscriptionTierName}
                </Badge>
                {user.paddleCustomerId && (
                  <Text size="xs" c="dimmed" mt={4} title="Paddle customer id" data-testid="paddle-customer-id">
                    {user.paddleCustomerId}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Badge color={user.active ? 'green' : 'gray'} variant="dot">
                  {user.active ? 'Active' : 'Inactive'}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {formatLastActive(user.lastActiveAt, nowMs)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Tooltip label="Edit" withArrow>
                    <ActionIcon variant="subtle" color="gray" aria-label={`Edit ${user.username}`} onClick={() => onEdit(user)}>
                      <IconPencil size={16} />
                    </ActionIcon>
                  </Tooltip>
                  {user.id === undeletableId ? (
                    <Tooltip label={ONLY_ADMIN_HINT} withArrow multiline w={240}>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={`Delete ${user.username}`}
                        data-disabled
                        aria-disabled
                        onClick={(e) => e.preventDefault()}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  ) : (
                    <Tooltip label="Delete" withArrow>
                      <ActionIcon variant="subtle" color="red" aria-label={`Delete ${user.username}`} onClick={() => onDelete(user)}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
