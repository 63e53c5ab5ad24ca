import { useState, type FormEvent } from 'react';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { AuthCard } from '../../components/auth-card.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { useForgotPassword } from '../../features/auth/api/password-reset.ts';
import { validateForgotPassword } from '../../features/auth/validation.ts';

/** /forgot-password: e-mail only; the answer never tells whether the address exists. */
export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setSuccess(null);
    const invalid = validateForgotPassword(email);
    setFieldError(invalid);
    if (invalid) return;
    forgot.mutate(email.trim(), {
      onSuccess: () => setSuccess('If the email exists, a reset link has been sent.'),
      onError: (failure) => setError(errorMessage(failure, 'Request failed.')),
    });
  };

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the e-mail address of your account and we will send you a link to reset it."
      footer={
        <Anchor component={Link} to={paths.login} size="sm" fw={600}>
          Back to sign in
        </Anchor>
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            placeholder="jane@company.com"
            autoComplete="email"
            value={email}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setFieldError(null);
            }}
            error={fieldError}
            withAsterisk
            autoFocus
          />
          <FormMessage kind="error">{error}</FormMessage>
          <FormMessage kind="success">{success}</FormMessage>
          <Button type="submit" fullWidth size="md" loading={forgot.isPending}>
            Send reset link
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            The link is valid for one hour.
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
