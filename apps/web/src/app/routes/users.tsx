import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Center, Loader, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconUserPlus, IconUsers } from '@tabler/icons-react';
import { PageHeader } from '../../components/page-header.tsx';
import { PagePager } from '../../components/page-pager.tsx';
import { useActiveAdminCount, useUsers } from '../../features/users/api/get-users.ts';
import { UsersFilters, type UsersFilterValues } from '../../features/users/components/users-filters.tsx';
import { UsersTable } from '../../features/users/components/users-table.tsx';
import { InviteUserModal } from '../../features/users/components/invite-user-modal.tsx';
import { EditUserModal } from '../../features/users/components/edit-user-modal.tsx';
import { DeleteUserModal } from '../../features/users/components/delete-user-modal.tsx';
import type { UserRow } from '@dealradar/shared/contracts/account';
import { useSession } from '../../lib/session.ts';
import { logout } from '../../features/auth/api/logout.ts';
import { paths } from '../../config/paths.ts';
import { formatCount } from '../../lib/format.ts';

/** /users (admin): filters, table, pagination of 100 (SPEC §2 Users Management). */
export function UsersPage() {
  const [filters, setFilters] = useState<UsersFilterValues>({ search: '', role: null, status: null });
  const [page, setPage] = useState(1);
  const [search] = useDebouncedValue(filters.search, 300);
  const [inviteOpened, invite] = useDisclosure(false);
  const [editing, setEditing] = useState<UserRow | null>(null);
  const [deleting, setDeleting] = useState<UserRow | null>(null);
  const selfId = useSession()?.id;
  // The signed-in admin, when no other active administrator exists, is offered neither Delete nor a role or status
  // change of their own account (the server refuses them too).
  const activeAdmins = useActiveAdminCount();
  const onlyAdminId = activeAdmins.data !== undefined && activeAdmins.data <= 1 ? selfId : null;
  const navigate = useNavigate();
  // Deactivating or deleting one's own account ends this session too.
  const signOut = () => void logout().then(() => navigate(paths.login, { replace: true }));
  const users = useUsers({
    page: page - 1,
    search,
    role: filters.role === 'ADMIN' || filters.role === 'USER' ? filters.role : null,
    active: filters.status === null ? null : filters.status === 'true',
  });

  const onFilters = (next: UsersFilterValues) => {
    setFilters(next);
    setPage(1);
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title="Users"
        help={{ doc: 'users-admin', label: 'Help: editing, deactivating and deleting users' }}
        subtitle={users.data ? `${formatCount(users.data.totalElements)} users` : 'Everyone with an account'}
        icon={<IconUsers size={24} />}
        actions={
          <Button leftSection={<IconUserPlus size={16} />} onClick={invite.open}>
            Invite user
          </Button>
        }
      />
      <Paper withBorder radius="lg" p="lg" shadow="xs">
        <Stack gap="md">
          <UsersFilters values={filters} onChange={onFilters} />
          {users.isPending ? (
            <Center py="xl">
              <Loader />
            </Center>
          ) : users.isError ? (
            <Text c="red" ta="center" py="xl" role="alert">
              Failed to fetch users
            </Text>
          ) : users.data.content.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              No users found
            </Text>
          ) : (
            <UsersTable users={users.data.content} nowMs={Date.now()} onEdit={setEditing} onDelete={setDeleting} undeletableId={onlyAdminId} />
          )}
          <PagePager page={page} totalPages={users.data?.totalPages} onChange={setPage} />
        </Stack>
      </Paper>
      <InviteUserModal opened={inviteOpened} onClose={invite.close} />
      <EditUserModal
        user={editing}
        isSelf={editing?.id === selfId}
        onlyAdmin={!!editing && editing.id === onlyAdminId}
        onClose={() => setEditing(null)}
        onSignedOutSelf={signOut}
      />
      <DeleteUserModal user={deleting} isSelf={deleting?.id === selfId} onClose={() => setDeleting(null)} onDeletedSelf={signOut} />
    </Stack>
  );
}
