import { useEffect, useState, type FormEvent } from 'react';
import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { setToken } from '../../lib/auth-token.ts';
import { queryClient } from '../../lib/query-client.ts';
import { getReferral, parseReferral, withReferral } from '../../lib/referral.ts';
import { clearSessionNotice, peekSessionNotice } from '../../lib/session-notice.ts';
import { useSession } from '../../lib/session.ts';
import { AuthCard } from '../../components/auth-card.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { useLogin } from '../../features/auth/api/login.ts';
import { validateLogin, type FieldErrors } from '../../features/auth/validation.ts';

/** /login: username and password, Sign in, Sign Up link (with the ref code), Forgot password link (SPEC §2). */
export function LoginPage() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const [values, setValues] = useState({ username: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<'username' | 'password'>>({});
  const [error, setError] = useState<string | null>(null);
  const ref = parseReferral(location.search) ?? getReferral();
  // Why the last session ended (deactivated account, …): shown once, until the next sign-in attempt.
  const [notice, setNotice] = useState(peekSessionNotice);
  useEffect(() => clearSessionNotice(), []);

  if (session && !login.isPending) return <Navigate to={paths.dashboard} replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const errors = validateLogin(values);
    setFieldErrors(errors);
    setError(null);
    setNotice(null);
    if (Object.keys(errors).length > 0) return;
    login.mutate(
      { username: values.username.trim(), password: values.password },
      {
        onSuccess: ({ token }) => {
          queryClient.clear();
          setToken(token);
          navigate(paths.dashboard, { replace: true });
        },
        onError: (failure) => setError(errorMessage(failure, 'Login failed.')),
      },
    );
  };

  const set = (field: 'username' | 'password') => (event: { currentTarget: HTMLInputElement }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

  return (
    <AuthCard
      title="Welcome back"
      subtitle="Sign in to find profitable deals and track wholesale price drops."
      footer={
        <Text size="sm" c="dimmed">
          Don't have an account?{' '}
          <Anchor component={Link} to={withReferral(paths.register, ref)} fw={600}>
            Sign Up
          </Anchor>
        </Text>
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Username or email"
            placeholder="Your username or email"
            autoComplete="username"
            value={values.username}
            onChange={set('username')}
            error={fieldErrors.username}
            autoFocus
          />
          <PasswordInput
            label="Password"
            placeholder="Your password"
            autoComplete="current-password"
            value={values.password}
            onChange={set('password')}
            error={fieldErrors.password}
          />
          <Group justify="flex-end" mt={-6}>
            <Anchor component={Link} to={paths.forgotPassword} size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <FormMessage kind="error">{error ?? notice}</FormMessage>
          <Button type="submit" fullWidth size="md" loading={login.isPending}>
            Sign in
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
