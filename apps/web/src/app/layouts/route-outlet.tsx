import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { Alert, Box, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/session.ts';

/**
 * Where the current screen renders: its code loads lazily (router.tsx), so a loader shows on the first visit, and an
 * error while loading or rendering it is caught here — the shell around it (sidebar, logout) keeps working and the
 * user gets a way back. The boundary resets when the path changes.
 *
 * `footer` (the signed-in shell's) shows below the screen and only once the screen is there: while the screen's code
 * loads, a footer at the bottom of the window would be pushed down through the window by the screen a moment later
 * (a layout shift, docs/platform.md).
 */
export function RouteOutlet({ footer }: { footer?: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary pathname={pathname} footer={footer}>
      <Suspense fallback={<RouteLoading />}>{withFooter(<Outlet />, footer)}</Suspense>
    </RouteErrorBoundary>
  );
}

/** The content grows to push the footer to the bottom of a short page (the shell's main area is a flex column). */
function withFooter(content: ReactNode, footer: ReactNode | undefined) {
  if (!footer) return content;
  return (
    <>
      <Box style={{ flex: 1 }}>{content}</Box>
      {footer}
    </>
  );
}

function RouteLoading() {
  return (
    <Center py="xl" data-testid="route-loading">
      <Loader size="sm" aria-label="Loading page" />
    </Center>
  );
}

interface BoundaryProps {
  pathname: string;
  footer: ReactNode | undefined;
  children: ReactNode;
}

interface BoundaryState {
  error: Error | null;
  pathname: string;
}

class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { error: null, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.pathname === state.pathname ? null : { error: null, pathname: props.pathname };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('This page failed to render', error, info.componentStack);
  }

  render() {
    return this.state.error ? withFooter(<RouteError error={this.state.error} />, this.props.footer) : this.props.children;
  }
}

/** A chunk of an older deployment that is gone, or the network dropped while loading the screen's code. */
function isLoadFailure(error: Error): boolean {
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(error.message);
}

function RouteError({ error }: { error: Error }) {
  const session = useSession();
  const back = session ? { to: paths.dashboard, label: 'Back to Dashboard' } : { to: paths.login, label: 'Back to Sign in' };
  return (
    <Center py="xl" px="md">
      <Alert
        role="alert"
        data-testid="route-error"
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={20} />}
        title="This page could not be shown"
        maw={560}
        w="100%"
      >
        <Stack gap="md">
          <Text size="sm">
            {isLoadFailure(error)
              ? 'The page could not be loaded. Check your connection, or reload to get the latest version of DealRadar.'
              : 'Something went wrong while showing this page. Your data is safe. Try again, or go back.'}
          </Text>
          <Group gap="sm">
            <Button size="sm" onClick={() => window.location.reload()}>
              Try again
            </Button>
            <Button size="sm" variant="default" component={Link} to={back.to}>
              {back.label}
            </Button>
          </Group>
        </Stack>
      </Alert>
    </Center>
  );
}
