import { useState, type FormEvent } from 'react';
import { Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { AuthCard } from '../../components/auth-card.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { useResetPassword } from '../../features/auth/api/password-reset.ts';
import { validateNewPassword } from '../../features/auth/validation.ts';

/** /reset-password and /auth/reset-password: a new password for the token of the query string. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(token ? null : 'Invalid or expired token.');
  const [success, setSuccess] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!token) return setError('Invalid or expired token.');
    setError(null);
    const invalid = validateNewPassword(password);
    setFieldError(invalid);
    if (invalid) return;
    reset.mutate(
      { token, password },
      {
        onSuccess: () => {
          setPassword('');
          setSuccess('Password reset successful. You can now log in.');
        },
        onError: (failure) => setError(errorMessage(failure, 'Reset failed.')),
      },
    );
  };

  return (
    <AuthCard
      title="Choose a new password"
      subtitle="Use at least 8 characters."
      footer={
        <Anchor component={Link} to={paths.login} size="sm" fw={600}>
          Back to sign in
        </Anchor>
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setFieldError(null);
            }}
            error={fieldError}
            disabled={!token || !!success}
            withAsterisk
            autoFocus
          />
          <FormMessage kind="error">{error}</FormMessage>
          <FormMessage kind="success">{success}</FormMessage>
          {success ? (
            <Button component={Link} to={paths.login} fullWidth size="md">
              Go to Login
            </Button>
          ) : (
            <Button type="submit" fullWidth size="md" loading={reset.isPending} disabled={!token}>
              Reset password
            </Button>
          )}
        </Stack>
      </form>
    </AuthCard>
  );
}
