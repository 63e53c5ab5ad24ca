import { useEffect, useState, type FormEvent } from 'react';
import { Anchor, Button, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { CONFIRM_PASSWORD_REDIRECT_MS } from '@dealradar/shared/constants';
import { paths } from '../../config/paths.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { AuthCard } from '../../components/auth-card.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { useConfirmPassword, useConfirmToken } from '../../features/auth/api/confirm.ts';
import { NO_TOKEN_PROVIDED, validateConfirmPassword } from '../../features/auth/validation.ts';

/**
 * /confirm-password/{token}: the invitation link. Shows the address of the token (GET /auth/confirm), sets the
 * password (POST /auth/confirm-password) and goes to /login 3000 ms after success.
 */
export function ConfirmPasswordPage() {
  const token = useParams().token?.trim() || undefined;
  const navigate = useNavigate();
  const confirmToken = useConfirmToken(token);
  const setPassword = useConfirmPassword();
  const [password, setPasswordValue] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(token ? null : NO_TOKEN_PROVIDED);
  const [success, setSuccess] = useState<string | null>(null);

  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => navigate(paths.login, { replace: true }), CONFIRM_PASSWORD_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [success, navigate]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateConfirmPassword(token, password, confirmation);
    setError(invalid);
    if (invalid || !token) return;
    setPassword.mutate(
      { token, newPassword: password },
      {
        onSuccess: ({ message }) => setSuccess(`${message || 'Your password has been set.'} Redirecting to login…`),
        onError: (failure) => setError(errorMessage(failure, 'An unexpected error occurred while setting password.')),
      },
    );
  };

  const tokenProblem = confirmToken.isError ? errorMessage(confirmToken.error, 'Invalid or expired token.') : null;
  // A link the server refuses cannot set a password: the form is closed and the reset flow offers a fresh link.
  const closed = !!success || !token || !!tokenProblem;
  const subtitle = confirmToken.isSuccess ? (
    <>
      Confirm your account <b data-testid="confirm-password-email">{confirmToken.data.email}</b> by choosing a password.
    </>
  ) : (
    'Confirm your e-mail address by choosing a password.'
  );

  return (
    <AuthCard title="Set your password" subtitle={subtitle}>
      {token && confirmToken.isPending ? (
        <Stack align="center" py="lg">
          <Loader />
          <Text c="dimmed">Checking your link…</Text>
        </Stack>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <PasswordInput
              label="New password"
              placeholder="At least 8 characters"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPasswordValue(e.currentTarget.value)}
              disabled={closed}
              withAsterisk
              autoFocus
            />
            <PasswordInput
              label="Confirm password"
              autoComplete="new-password"
              value={confirmation}
              onChange={(e) => setConfirmation(e.currentTarget.value)}
              disabled={closed}
              withAsterisk
            />
            <FormMessage kind="error">{error ?? (success ? null : tokenProblem)}</FormMessage>
            <FormMessage kind="success">{success}</FormMessage>
            <Button type="submit" fullWidth size="md" loading={setPassword.isPending} disabled={closed}>
              Set password
            </Button>
            {tokenProblem && !success && (
              <Text size="sm" c="dimmed" ta="center">
                Need a new link?{' '}
                <Anchor component={Link} to={paths.forgotPassword} size="sm" fw={600}>
                  Request a new link
                </Anchor>
              </Text>
            )}
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
