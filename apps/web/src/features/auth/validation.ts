import { PASSWORD_MIN_LENGTH } from '@dealradar/shared/constants';

/** Field messages of SPEC §5. Pure, so the rules are unit-tested without a browser. */
export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`;
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match.';
export const NO_TOKEN_PROVIDED = 'No token provided.';
export const NO_CONFIRMATION_TOKEN = 'No confirmation token provided.';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

const isBlank = (value: string) => value.trim() === '';

/** Login: an empty field shows 'Email is required' or 'Password is required' (SPEC §5). */
export function validateLogin(values: { username: string; password: string }): FieldErrors<'username' | 'password'> {
  const errors: FieldErrors<'username' | 'password'> = {};
  if (isBlank(values.username)) errors.username = 'Email is required';
  if (values.password === '') errors.password = 'Password is required';
  return errors;
}

export interface RegisterValues {
  username: string;
  email: string;
  organization: string;
  password: string;
}

/** Registration: every field required; the password has the minimum length of every path that sets one. */
export function validateRegister(values: RegisterValues): FieldErrors<keyof RegisterValues> {
  const errors: FieldErrors<keyof RegisterValues> = {};
  if (isBlank(values.username)) errors.username = 'Username is required';
  if (isBlank(values.email)) errors.email = 'Email is required';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim())) errors.email = 'Please enter a valid email address.';
  if (isBlank(values.organization)) errors.organization = 'Organization is required';
  if (values.password === '') errors.password = 'Password is required';
  else if (values.password.length < PASSWORD_MIN_LENGTH) errors.password = PASSWORD_TOO_SHORT;
  return errors;
}

/** Forgot password: e-mail required. */
export function validateForgotPassword(email: string): string | null {
  return isBlank(email) ? 'Email is required' : null;
}

/** Reset screen: new password required (and the minimum length the server enforces). */
export function validateNewPassword(password: string): string | null {
  if (password === '') return 'Password is required';
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT;
  return null;
}

/**
 * Confirm-password screen (SPEC §5): token present, both fields filled, equal, at least 8 characters.
 * Returns the one message to show, or null when the form may be sent.
 */
export function validateConfirmPassword(token: string | undefined, password: string, confirmation: string): string | null {
  if (!token || isBlank(token)) return NO_TOKEN_PROVIDED;
  if (password === '' || confirmation === '') return 'Please fill in both password fields.';
  if (password !== confirmation) return PASSWORDS_DO_NOT_MATCH;
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT;
  return null;
}
