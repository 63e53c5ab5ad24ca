import { Group, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

export interface UsersFilterValues {
  search: string;
  role: string | null;
  status: string | null;
}

/** Filters of SPEC §2 Users Management: search, role, status. */
export function UsersFilters({ values, onChange }: { values: UsersFilterValues; onChange: (next: UsersFilterValues) => void }) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label="Search"
        placeholder="Username, email or organization"
        leftSection={<IconSearch size={16} />}
        value={values.search}
        onChange={(event) => onChange({ ...values, search: event.currentTarget.value })}
        style={{ flex: '1 1 260px' }}
      />
      <Select
        label="Role"
        placeholder="All roles"
        data={[
          { value: 'ADMIN', label: 'Admin' },
          { value: 'USER', label: 'User' },
        ]}
        value={values.role}
        onChange={(role) => onChange({ ...values, role })}
        clearable
        w={160}
      />
      <Select
        label="Status"
        placeholder="All statuses"
        data={[
          { value: 'true', label: 'Active' },
          { value: 'false', label: 'Inactive' },
        ]}
        value={values.status}
        onChange={(status) => onChange({ ...values, status })}
        clearable
        w={160}
      />
    </Group>
  );
}
