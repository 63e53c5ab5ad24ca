import { describe, expect, it } from 'vitest';
import { changedFields, type EditableUser } from './user-edit.ts';

const before: EditableUser = { role: 'USER', active: true, organizationName: 'Acme Ltd', subscriptionTier: 'FREE' };

describe('the edit dialog sends only what changed', () => {
  it('nothing changed: an empty body', () => {
    expect(changedFields(before, { ...before })).toEqual({});
    expect(changedFields(before, { ...before, organizationName: '  Acme Ltd ' })).toEqual({});
  });
  it('each changed field, the organization name trimmed', () => {
    expect(changedFields(before, { role: 'ADMIN', active: false, organizationName: ' Acme GmbH ', subscriptionTier: 'GROWTH' })).toEqual({
      role: 'ADMIN',
      active: false,
      organizationName: 'Acme GmbH',
      subscriptionTier: 'GROWTH',
    });
  });
});
