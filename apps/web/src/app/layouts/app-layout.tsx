import { Outlet } from 'react-router';
import { Container } from '@mantine/core';

// Placeholder: the layout shell (sidebar, footer, region dialog) comes with the foundation issue.
export function AppLayout() {
  return (
    <Container py="md">
      <Outlet />
    </Container>
  );
}
