import type { TRawMenu } from '@hr/contract';
import { describe, expect, it } from 'vitest';
import { findMenu } from './useCurrentMenu';

const menu = (id: number, actionUrl: string): TRawMenu => ({
  id,
  moduleId: 1,
  moduleName: 'Transactions',
  parentId: null,
  label: `m${id}`,
  actionUrl,
  icon: 'List',
  sortOrder: id,
  actions: { view: true, add: id === 1, edit: false, delete: false, approve: false },
});

describe('the menu entry of the current path', () => {
  const raw = [menu(1, '/outlet/transaction/employee'), menu(2, '/outlet/master/shift')];

  it('matches actionUrl exactly (a trailing slash ignored)', () => {
    expect(findMenu(raw, '/outlet/transaction/employee')?.id).toBe(1);
    expect(findMenu(raw, '/outlet/transaction/employee/')?.id).toBe(1);
    expect(findMenu(raw, '/outlet/transaction/employee')?.actions.add).toBe(true);
  });

  it('is null for any other path, including detail paths', () => {
    expect(findMenu(raw, '/outlet/transaction/employee/abc')).toBeNull();
    expect(findMenu(raw, '/outlet/dashboard')).toBeNull();
    expect(findMenu([], '/outlet/master/shift')).toBeNull();
  });
});
