import { describe, expect, it, vi } from 'vitest';

const show = vi.fn();
vi.mock('@mantine/notifications', () => ({ notifications: { show } }));
// Test files share their worker (isolate: false): another file may have loaded notify.ts with its own mock of the
// notifications module already; load it again so it takes this file's.
vi.resetModules();
const { notifyError, notifySuccess } = await import('./notify.ts');

/** SPEC §9: account-area toasts close after 3 s (success) and 4 s (error, red). */
describe('account toasts', () => {
  it('success toasts are green and close after 3000 ms', () => {
    notifySuccess('Settings saved!');
    expect(show).toHaveBeenLastCalledWith(expect.objectContaining({ message: 'Settings saved!', color: 'green', autoClose: 3000 }));
  });
  it('error toasts are red and close after 4000 ms', () => {
    notifyError('Failed to load settings, user info, or subscription');
    expect(show).toHaveBeenLastCalledWith(
      expect.objectContaining({ message: 'Failed to load settings, user info, or subscription', color: 'red', autoClose: 4000 }),
    );
  });
});
