import { Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import type { UserInfo } from '@dealradar/shared/contracts/account';
import { SectionCard } from '../../../components/section-card.tsx';
import { NO_VALUE } from '../../../lib/format.ts';

/** Account info (SPEC §2 Settings): username, e-mail, role, Active/Inactive status, organization. */
export function AccountInfoCard({ info, loading }: { info: UserInfo | undefined; loading: boolean }) {
  const rows: Array<[string, React.ReactNode]> = info
    ? [
        ['Username', info.username],
        ['Email', info.email],
        [
          'Role',
          <Badge key="role" color={info.role === 'ADMIN' ? 'red' : 'blue'} variant="light">
            {info.role}
          </Badge>,
        ],
        [
          'Status',
          <Badge key="status" color={info.active ? 'green' : 'gray'} variant="dot">
            {info.active ? 'Active' : 'Inactive'}
          </Badge>,
        ],
        ['Organization', info.organizationName || NO_VALUE],
      ]
    : [];
  return (
    <SectionCard title="Account information" icon={<IconUser size={20} />} testId="account-info">
      {loading ? (
        <Stack gap="sm">
          {[1, 2, 3, 4, 5].map((n) => (
            <Skeleton key={n} h={18} />
          ))}
        </Stack>
      ) : info ? (
        <Stack gap="sm">
          {rows.map(([label, value]) => (
            <Group key={label} justify="space-between" wrap="nowrap" gap="md">
              <Text size="sm" c="dimmed">
                {label}
              </Text>
              {typeof value === 'string' ? (
                <Text size="sm" fw={500} truncate="end">
                  {value}
                </Text>
              ) : (
                value
              )}
            </Group>
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          Account information is not available right now.
        </Text>
      )}
    </SectionCard>
  );
}
