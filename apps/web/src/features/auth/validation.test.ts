import { describe, expect, it } from 'vitest';
import { validateConfirmPassword, validateForgotPassword, validateLogin, validateNewPassword, validateRegister } from './validation.ts';

describe('login validation (SPEC §5)', () => {
  it("shows 'Email is required' and 'Password is required' for empty fields", () => {
    expect(validateLogin({ username: '', password: '' })).toEqual({ username: 'Email is required', password: 'Password is required' });
    expect(validateLogin({ username: '   ', password: 'x' })).toEqual({ username: 'Email is required' });
    expect(validateLogin({ username: 'jane', password: 'secret' })).toEqual({});
  });
});

describe('registration validation', () => {
  const valid = { username: 'jane', email: 'jane@example.com', organization: 'Acme', password: 'longenough' };
  it('requires every field', () => {
    expect(validateRegister({ username: '', email: '', organization: '', password: '' })).toEqual({
      username: 'Username is required',
      email: 'Email is required',
      organization: 'Organization is required',
      password: 'Password is required',
    });
    expect(validateRegister(valid)).toEqual({});
  });
  it('rejects a malformed e-mail and a short password', () => {
    expect(validateRegister({ ...valid, email: 'jane@' }).email).toBe('Please enter a valid email address.');
    expect(validateRegister({ ...valid, password: '1234567' }).password).toBe('Password must be at least 8 characters long.');
  });
});

describe('forgot and reset password', () => {
  it('forgot password needs the e-mail', () => {
    expect(validateForgotPassword(' ')).toBe('Email is required');
    expect(validateForgotPassword('a@b.co')).toBeNull();
  });
  it('reset needs a new password of at least 8 characters', () => {
    expect(validateNewPassword('')).toBe('Password is required');
    expect(validateNewPassword('1234567')).toBe('Password must be at least 8 characters long.');
    expect(validateNewPassword('12345678')).toBeNull();
  });
});

describe('confirm-password screen (SPEC §5)', () => {
  it("needs a token: 'No token provided.'", () => {
    expect(validateConfirmPassword(undefined, 'password1', 'password1')).toBe('No token provided.');
    expect(validateConfirmPassword(' ', 'password1', 'password1')).toBe('No token provided.');
  });
  it('needs both fields', () => {
    expect(validateConfirmPassword('t', '', 'password1')).not.toBeNull();
    expect(validateConfirmPassword('t', 'password1', '')).not.toBeNull();
  });
  it("'Passwords do not match.' before the length rule", () => {
    expect(validateConfirmPassword('t', 'short', 'other')).toBe('Passwords do not match.');
  });
  it("'Password must be at least 8 characters long.' under 8 characters", () => {
    expect(validateConfirmPassword('t', '1234567', '1234567')).toBe('Password must be at least 8 characters long.');
    expect(validateConfirmPassword('t', '12345678', '12345678')).toBeNull();
  });
});
