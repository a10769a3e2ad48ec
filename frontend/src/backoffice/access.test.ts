import { describe, expect, it } from 'vitest';
import {
  accessFromAllowlist,
  accessOf,
  canAccessResource,
  RESOURCE_ACCESS,
  resourcesForRole,
} from './access';

describe('roles', () => {
  it('gives a tipster only slips, earnings and withdrawals, an admin everything, others nothing', () => {
    expect(resourcesForRole(RESOURCE_ACCESS, 'tipster').map((r) => r.name)).toEqual([
      'slips',
      'earnings',
      'withdrawals',
    ]);
    expect(resourcesForRole(RESOURCE_ACCESS, 'admin')).toHaveLength(RESOURCE_ACCESS.length);
    expect(resourcesForRole(RESOURCE_ACCESS, 'user')).toEqual([]);
    expect(resourcesForRole(RESOURCE_ACCESS, null)).toEqual([]);
  });

  it('lets a tipster read withdrawals but not decide them; an admin may', () => {
    const withdrawals = accessOf('withdrawals');
    expect(canAccessResource(withdrawals, 'tipster', 'list')).toBe(true);
    expect(canAccessResource(withdrawals, 'tipster', 'show')).toBe(true);
    expect(canAccessResource(withdrawals, 'tipster', 'edit')).toBe(false);
    expect(canAccessResource(withdrawals, 'admin', 'edit')).toBe(true);
    expect(canAccessResource(withdrawals, 'user', 'list')).toBe(false);
  });

  it('allows only the verbs the backend has, and named actions to admins only', () => {
    expect(canAccessResource(accessOf('posts'), 'admin', 'create')).toBe(true);
    expect(canAccessResource(accessOf('users'), 'admin', 'create')).toBe(false);
    expect(canAccessResource(accessOf('users'), 'admin', 'delete')).toBe(false);
    expect(canAccessResource(accessOf('audit-log'), 'admin', 'edit')).toBe(false);
    expect(canAccessResource(accessOf('sms-messages'), 'admin', 'resend')).toBe(true);
    expect(canAccessResource(accessOf('slips'), 'tipster', 'resend')).toBe(false);
    expect(canAccessResource(accessOf('posts'), 'tipster', 'list')).toBe(false);
    expect(canAccessResource(accessOf('nothing'), 'admin', 'list')).toBe(false);
  });

  it('takes roles and verbs from the served allowlist, the label from the menu', () => {
    expect(
      accessFromAllowlist({
        name: 'withdrawals',
        roles: ['tipster'],
        create: null,
        update: ['status'],
        delete: false,
      }),
    ).toEqual({
      name: 'withdrawals',
      label: 'Withdrawals',
      roles: ['tipster'],
      update: ['admin'],
    });
    expect(
      accessFromAllowlist({
        name: 'payout-batches',
        roles: ['admin'],
        create: ['x'],
        update: null,
        delete: true,
      }),
    ).toEqual({
      name: 'payout-batches',
      label: 'Payout batches',
      roles: ['admin'],
      create: ['admin'],
      delete: ['admin'],
    });
  });
});
