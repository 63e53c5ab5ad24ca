import { useState } from 'react';
import { Alert, Button, Center, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { UserRow } from '@dealradar/shared/contracts/account';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { FormMessage } from '../../../components/form-message.tsx';
import { deletionSummaryQueryOptions, useDeleteUser } from '../api/change-user.ts';
import { formatCount } from '../../../lib/format.ts';

/**
 * The delete confirmation: says what goes (the server lists every kind of the user's data with its count) before the
 * admin confirms. Refused while a Paddle subscription still bills the user's organization.
 */
export function DeleteUserModal({
  user,
  isSelf,
  onClose,
  onDeletedSelf,
}: {
  user: UserRow | null;
  isSelf: boolean;
  onClose: () => void;
  onDeletedSelf: () => void;
}) {
  return (
    <Modal opened={!!user} onClose={onClose} title={user ? `Delete ${user.username}?` : 'Delete user'} centered size="lg">
      {user && <DeleteUserBody key={user.id} user={user} isSelf={isSelf} onClose={onClose} onDeletedSelf={onDeletedSelf} />}
    </Modal>
  );
}

function DeleteUserBody({ user, isSelf, onClose, onDeletedSelf }: { user: UserRow; isSelf: boolean; onClose: () => void; onDeletedSelf: () => void }) {
  const summary = useQuery(deletionSummaryQueryOptions(user.id));
  const remove = useDeleteUser();
  const [error, setError] = useState<string | null>(null);

  if (summary.isPending)
    return (
      <Center py="lg">
        <Loader />
      </Center>
    );
  if (summary.isError)
    return (
      <Text c="red" role="alert">
        {errorMessage(summary.error, 'Failed to load what would be deleted.')}
      </Text>
    );
  const data = summary.data;
  const withData = data.removed.filter((r) => r.count > 0);

  const onDelete = () =>
    remove.mutate(user.id, {
      onSuccess: (answer) => {
        notifySuccess(answer.message);
        onClose();
        if (isSelf) onDeletedSelf();
      },
      onError: (failure) => setError(errorMessage(failure, 'Failed to delete the user.')),
    });

  return (
    <Stack gap="md" data-testid="delete-user-summary">
      <Text size="sm">
        The account <b>{user.username}</b> ({user.email}) is deleted for good, with everything that belongs to it:
      </Text>
      <List size="sm" spacing={4}>
        {withData.map((r) => (
          <List.Item key={r.table} data-testid={`removed-${r.table}`}>
            {r.label}: <b>{formatCount(r.count)}</b>
          </List.Item>
        ))}
        {withData.length === 0 && <List.Item>No scans, deals, favorites or messages yet.</List.Item>}
        <List.Item data-testid="removed-organization">
          {data.organizationRemoved
            ? `The organization ${user.organizationName ?? ''} with its ${user.subscriptionTierName} plan and usage counters (nobody else belongs to it).`
            : `The organization ${user.organizationName ?? ''} stays: ${data.otherMembers} other member${data.otherMembers === 1 ? '' : 's'} keep it, its plan and usage.`}
        </List.Item>
      </List>
      <Text size="sm" c="dimmed">
        This cannot be undone. To keep the data, deactivate the user instead.
      </Text>
      {data.activeSubscription && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="delete-blocked">
          The organization still pays for the {user.subscriptionTierName} plan through Paddle. Cancel the subscription in Paddle first, or deactivate the user
          instead.
        </Alert>
      )}
      {isSelf && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />}>
          This is your own account: you will be signed out at once.
        </Alert>
      )}
      <FormMessage kind="error">{error}</FormMessage>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button color="red" onClick={onDelete} loading={remove.isPending} disabled={data.activeSubscription}>
          Delete user
        </Button>
      </Group>
    </Stack>
  );
}
