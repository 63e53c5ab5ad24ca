import { useState, type FormEvent } from 'react';
import { Badge, Button, Group, Modal, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { TeamMember } from '@dealradar/shared/contracts/organization';
import { SectionCard } from '../../../components/section-card.tsx';
import { FormMessage } from '../../../components/form-message.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/date-format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { teamQueryOptions, useInviteMember, useRemoveMember, useSetMayInvite } from '../api/team.ts';
import { canChangeRight, canRemove, MEMBER_STATUS_LABELS } from '../team-rules.ts';

const DESCRIPTION =
  "Your organization's members share its kept lists, match rules, seller account and buy list. Invite a colleague by e-mail: they choose their password through the link and join this organization.";

/** Settings → Team: the owner (and members the owner allowed) invite, see and remove members; the owner decides who else may invite. */
export function TeamCard() {
  const team = useQuery(teamQueryOptions);
  const data = team.data;
  return (
    <SectionCard title="Team" icon={<IconUsersGroup size={20} />} description={DESCRIPTION} testId="team">
      {!data ? (
        <Text size="sm" c="dimmed">
          {team.isError ? 'The team could not be loaded.' : 'Loading…'}
        </Text>
      ) : !data.you.mayInvite ? (
        <Text size="sm" c="dimmed" data-testid="team-member-note">
          You are a member of {data.organizationName}. Its owner invites and removes members; ask them if you should invite colleagues too.
        </Text>
      ) : (
        <Stack gap="md">
          <InviteForm />
          <MembersTable members={data.members} you={data.you} />
        </Stack>
      )}
    </SectionCard>
  );
}

function InviteForm() {
  const invite = useInviteMember();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !email.trim()) return setError('Username and email are required.');
    setError(null);
    invite.mutate(
      { username: username.trim(), email: email.trim() },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.message);
          setUsername('');
          setEmail('');
        },
        onError: (failure) => setError(errorMessage(failure, 'Failed to invite the member.')),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="team-invite">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput label="Username" value={username} onChange={(e) => setUsername(e.currentTarget.value)} withAsterisk />
        <TextInput label="Email" type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} withAsterisk />
        <Button type="submit" loading={invite.isPending}>
          Invite member
        </Button>
      </Group>
      <FormMessage kind="error">{error}</FormMessage>
    </form>
  );
}

function MembersTable({ members, you }: { members: TeamMember[]; you: { id: string; isOwner: boolean; mayInvite: boolean } }) {
  const setMayInvite = useSetMayInvite();
  const [removing, setRemoving] = useState<TeamMember | null>(null);

  const toggle = (member: TeamMember, mayInvite: boolean) =>
    setMayInvite.mutate(
      { id: member.id, mayInvite },
      { onSuccess: (answer) => notifySuccess(answer.message), onError: (failure) => notifyError(errorMessage(failure, 'Failed to change the member.')) },
    );

  return (
    <>
      <Table.ScrollContainer minWidth={640}>
        <Table striped verticalSpacing="xs" data-testid="team-members">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Username</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Joined</Table.Th>
              <Table.Th>May invite</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {members.map((member) => {
              const status = MEMBER_STATUS_LABELS[member.status];
              return (
                <Table.Tr key={member.id} data-testid={`team-member-${member.username}`}>
                  <Table.Td>
                    <Group gap={6}>
                      <Text size="sm">{member.username}</Text>
                      {member.isOwner && (
                        <Badge size="xs" variant="light" color="grape">
                          Owner
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{member.email}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={status.color} data-testid="team-member-status">
                      {status.label}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{formatDate(member.joinedAt)}</Table.Td>
                  <Table.Td>
                    <Switch
                      aria-label={`${member.username} may invite`}
                      checked={member.mayInvite}
                      disabled={!canChangeRight(you, member) || setMayInvite.isPending}
                      onChange={(e) => toggle(member, e.currentTarget.checked)}
                    />
                  </Table.Td>
                  <Table.Td>
                    {canRemove(you, member) && (
                      <Button size="xs" variant="subtle" color="red" onClick={() => setRemoving(member)}>
                        Remove
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <RemoveMemberModal member={removing} onClose={() => setRemoving(null)} />
    </>
  );
}

function RemoveMemberModal({ member, onClose }: { member: TeamMember | null; onClose: () => void }) {
  const remove = useRemoveMember();
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  const confirm = () => {
    if (!member) return;
    remove.mutate(member.id, {
      onSuccess: (answer) => {
        notifySuccess(answer.message);
        close();
      },
      onError: (failure) => setError(errorMessage(failure, 'Failed to remove the member.')),
    });
  };
  return (
    <Modal opened={!!member} onClose={close} title={member ? `Remove ${member.username}?` : 'Remove member'} centered>
      <Stack gap="md">
        <Text size="sm">They are signed out at once and can no longer sign in. What they made (lists, match rules, scans) stays with the organization.</Text>
        <FormMessage kind="error">{error}</FormMessage>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending} data-testid="team-remove-confirm">
            Remove member
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
