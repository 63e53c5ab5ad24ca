import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { FormMessage } from '../../../components/form-message.tsx';
import { useInviteUser } from '../api/invite-user.ts';
import { ROLE_OPTIONS, toRole } from '../user-edit.ts';

const EMPTY = { username: '', email: '', organization: '', role: 'USER' as 'USER' | 'ADMIN' };

/** Invites a user by e-mail; the invitee sets their own password through the /confirm-password link. */
export function InviteUserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const invite = useInviteUser();
  const [values, setValues] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setValues(EMPTY);
    setError(null);
    onClose();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!values.username.trim() || !values.email.trim()) return setError('Username and email are required.');
    invite.mutate(
      { username: values.username.trim(), email: values.email.trim(), organization: values.organization.trim() || undefined, role: values.role },
      {
        onSuccess: () => {
          notifySuccess(`Invitation sent to ${values.email.trim()}.`);
          close();
        },
        onError: (failure) => setError(errorMessage(failure, 'Failed to invite user.')),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title="Invite user" centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Username"
            value={values.username}
            onChange={(e) => setValues({ ...values, username: e.currentTarget.value })}
            withAsterisk
            data-autofocus
          />
          <TextInput label="Email" type="email" value={values.email} onChange={(e) => setValues({ ...values, email: e.currentTarget.value })} withAsterisk />
          <TextInput
            label="Organization"
            placeholder="Optional"
            value={values.organization}
            onChange={(e) => setValues({ ...values, organization: e.currentTarget.value })}
          />
          <Select
            label="Role"
            data={ROLE_OPTIONS}
            value={values.role}
            onChange={(role) => setValues({ ...values, role: toRole(role) })}
            allowDeselect={false}
          />
          <FormMessage kind="error">{error}</FormMessage>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={invite.isPending}>
              Send invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
