import { describe, expect, it } from 'vitest';
import type { TeamMember } from '@dealradar/shared/contracts/organization';
import { canChangeRight, canRemove } from './team-rules.ts';

const member = (over: Partial<TeamMember> = {}): TeamMember => ({
  id: 'm1',
  username: 'mia',
  email: 'mia@example.test',
  status: 'ACTIVE',
  isOwner: false,
  mayInvite: false,
  joinedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('team rules', () => {
  it('the owner and members allowed to invite remove others, never the owner, themselves or a removed member', () => {
    const owner = { id: 'o', isOwner: true, mayInvite: true };
    expect(canRemove(owner, member())).toBe(true);
    expect(canRemove({ id: 'x', mayInvite: true }, member())).toBe(true);
    expect(canRemove({ id: 'x', mayInvite: false }, member())).toBe(false);
    expect(canRemove(owner, member({ id: 'o', isOwner: true }))).toBe(false);
    expect(canRemove({ id: 'm1', mayInvite: true }, member())).toBe(false);
    expect(canRemove(owner, member({ status: 'REMOVED' }))).toBe(false);
  });

  it('only the owner changes who may invite, and not for the owner or a removed member', () => {
    expect(canChangeRight({ isOwner: true }, member())).toBe(true);
    expect(canChangeRight({ isOwner: false }, member())).toBe(false);
    expect(canChangeRight({ isOwner: true }, member({ isOwner: true }))).toBe(false);
    expect(canChangeRight({ isOwner: true }, member({ status: 'REMOVED' }))).toBe(false);
  });
});
