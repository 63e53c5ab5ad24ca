import { useState, type FormEvent } from 'react';
import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { getReferral } from '../../lib/referral.ts';
import { AuthCard } from '../../components/auth-card.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { useRegister } from '../../features/auth/api/register.ts';
import { validateRegister, type FieldErrors, type RegisterValues } from '../../features/auth/validation.ts';

const EMPTY: RegisterValues = { username: '', email: '', organization: '', password: '' };

/** /register: username, e-mail, organization, password; the stored referral goes along as affiliateId. */
export function RegisterPage() {
  const register = useRegister();
  const [values, setValues] = useState<RegisterValues>(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<keyof RegisterValues>>({});
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const errors = validateRegister(values);
    setFieldErrors(errors);
    setError(null);
    setSuccess(null);
    if (Object.keys(errors).length > 0) return;
    register.mutate(
      {
        username: values.username.trim(),
        email: values.email.trim(),
        organization: values.organization.trim(),
        password: values.password,
        affiliateId: getReferral(),
      },
      {
        onSuccess: () => {
          setValues(EMPTY);
          setSuccess('Registration successful! Please check your email to confirm.');
        },
        onError: (failure) => setError(errorMessage(failure, 'Registration failed.')),
      },
    );
  };

  const set = (field: keyof RegisterValues) => (event: { currentTarget: HTMLInputElement }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

  return (
    <AuthCard
      title="Create your account"
      subtitle="Start with the free plan. No credit card needed."
      footer={
        <Text size="sm" c="dimmed">
          Already have an account?{' '}
          <Anchor component={Link} to={paths.login} fw={600}>
            Sign in
          </Anchor>
        </Text>
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Username"
            placeholder="jane.doe"
            autoComplete="username"
            value={values.username}
            onChange={set('username')}
            error={fieldErrors.username}
            withAsterisk
          />
          <TextInput
            label="Email"
            type="email"
            placeholder="jane@company.com"
            autoComplete="email"
            value={values.email}
            onChange={set('email')}
            error={fieldErrors.email}
            withAsterisk
          />
          <TextInput
            label="Organization"
            placeholder="Your company"
            autoComplete="organization"
            value={values.organization}
            onChange={set('organization')}
            error={fieldErrors.organization}
            withAsterisk
          />
          <PasswordInput
            label="Password"
            placeholder="At least 8 characters"
            autoComplete="new-password"
            value={values.password}
            onChange={set('password')}
            error={fieldErrors.password}
            withAsterisk
          />
          <FormMessage kind="error">{error}</FormMessage>
          <FormMessage kind="success">{success}</FormMessage>
          <Button type="submit" fullWidth size="md" loading={register.isPending}>
            Sign Up
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            By signing up you accept the{' '}
            <Anchor component={Link} to={paths.terms} size="xs">
              Terms and Conditions
            </Anchor>
            .
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
