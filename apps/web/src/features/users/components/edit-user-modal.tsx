import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { UserRow } from '@dealradar/shared/contracts/account';
import type { UpdateUserBody } from '@dealradar/shared/contracts/users';
import { ADMIN_ONLY_TIER, TIER_NAMES, type TierName } from '@dealradar/shared/tiers';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { FormMessage } from '../../../components/form-message.tsx';
import { useUpdateUser } from '../api/change-user.ts';
import { ONLY_ADMIN_HINT } from './users-table.tsx';
import { changedFields, ROLE_OPTIONS, toRole, type EditableUser } from '../user-edit.ts';

function editable(user: UserRow): EditableUser {
  return { role: user.role, active: user.active, organizationName: user.organizationName ?? '', subscriptionTier: user.subscriptionTierName as TierName };
}

/**
 * Edit a user: role, plan (of their organization), active, organization name. Sends only what changed; the plan change
 * replaces the API-only PUT /admin/users/:id/subscription-tier of support.
 */
export function EditUserModal({
  user,
  isSelf,
  onlyAdmin = false,
  onClose,
  onSignedOutSelf,
}: {
  user: UserRow | null;
  isSelf: boolean;
  /** The user is the signed-in admin and the only active administrator: role and active cannot change. */
  onlyAdmin?: boolean;
  onClose: () => void;
  onSignedOutSelf: () => void;
}) {
  const update = useUpdateUser();
  const [values, setValues] = useState<EditableUser | null>(user ? editable(user) : null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setValues(user ? editable(user) : null);
    setError(null);
  }, [user]);

  const tiers = TIER_NAMES.filter((t) => t !== ADMIN_ONLY_TIER || values?.role === 'ADMIN' || user?.subscriptionTierName === ADMIN_ONLY_TIER);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!user || !values) return;
    if (!values.organizationName.trim()) return setError('Organization is required');
    const body: UpdateUserBody = changedFields(editable(user), values);
    if (Object.keys(body).length === 0) return onClose();
    update.mutate(
      { id: user.id, body },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.message);
          onClose();
          if (isSelf && body.active === false) onSignedOutSelf();
        },
        onError: (failure) => setError(errorMessage(failure, 'Failed to save the user.')),
      },
    );
  };

  const deactivating = !!user && user.active && values?.active === false;
  return (
    <Modal opened={!!user} onClose={onClose} title={user ? `Edit ${user.username}` : 'Edit user'} centered>
      {user && values && (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {user.email}
            </Text>
            <Select
              label="Role"
              data={ROLE_OPTIONS}
              value={values.role}
              onChange={(role) => setValues({ ...values, role: toRole(role) })}
              allowDeselect={false}
              disabled={onlyAdmin}
              description={onlyAdmin ? ONLY_ADMIN_HINT : undefined}
            />
            <Select
              label="Plan"
              description="The plan of the user's organization; it takes effect at once."
              data={tiers}
              value={values.subscriptionTier}
              onChange={(tier) => tier && setValues({ ...values, subscriptionTier: tier as TierName })}
              allowDeselect={false}
            />
            <TextInput
              label="Organization"
              value={values.organizationName}
              onChange={(e) => setValues({ ...values, organizationName: e.currentTarget.value })}
              withAsterisk
            />
            <Switch
              label="Active"
              description={onlyAdmin ? ONLY_ADMIN_HINT : 'An inactive user cannot sign in; their open sessions end at once.'}
              disabled={onlyAdmin}
              checked={values.active}
              onChange={(e) => setValues({ ...values, active: e.currentTarget.checked })}
            />
            {deactivating && (
              <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="deactivate-warning">
                {isSelf
                  ? 'You are deactivating your own account: you will be signed out at once.'
                  : `${user.username} will be signed out everywhere at once. At login they are told the account has been deactivated; their data is kept.`}
              </Alert>
            )}
            {isSelf && values.role === 'USER' && user.role === 'ADMIN' && (
              <Alert color="orange" icon={<IconAlertTriangle size={18} />}>
                You are removing your own administrator role: you lose access to the admin screens at once.
              </Alert>
            )}
            <FormMessage kind="error">{error}</FormMessage>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={update.isPending}>
                Save changes
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
