import type { TRawMenu } from '@hr/contract';
import { describe, expect, it } from 'vitest';
import { findMenu, findMenuFor, menuCovers } from './useCurrentMenu';

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

describe('the menu a screen path belongs to', () => {
  const raw = [
    menu(1, '/outlet/master/units'),
    menu(2, '/outlet/master/configure/roleWiseMenuAccess'),
    menu(3, '/outlet/master/configure/role'),
    menu(4, '/outlet/idCard'),
    menu(5, '/outlet/transaction/salary_process'),
    menu(6, '/outlet/transaction/salary_process/addorupdate'),
  ];

  it('a menu covers its own path and the paths below it, never a sibling that merely starts alike', () => {
    expect(menuCovers('/outlet/master/units', '/outlet/master/units')).toBe(true);
    expect(menuCovers('/outlet/master/units', '/outlet/master/units/')).toBe(true);
    expect(menuCovers('/outlet/master/units', '/outlet/master/units/a1b2')).toBe(true);
    expect(menuCovers('/outlet/master/units/', '/outlet/master/units/a1b2')).toBe(true);
    expect(menuCovers('/outlet/master/units', '/outlet/master/unitsX')).toBe(false);
    expect(menuCovers('/outlet/master/units', '/outlet/master')).toBe(false);
  });

  it('a modify route follows its list path; the deepest entry wins', () => {
    expect(findMenuFor(raw, '/outlet/master/units')?.id).toBe(1);
    expect(findMenuFor(raw, '/outlet/master/units/9f00aa')?.id).toBe(1);
    expect(findMenuFor(raw, '/outlet/master/configure/roleWiseMenuAccess/77')?.id).toBe(2);
    expect(findMenuFor(raw, '/outlet/idCard/')?.id).toBe(4);
    expect(findMenuFor(raw, '/outlet/transaction/salary_process/addorupdate')?.id).toBe(6);
    expect(findMenuFor(raw, '/outlet/transaction/salary_process/other')?.id).toBe(5);
  });

  it('is null for a screen no entry covers (the user may not view it)', () => {
    expect(findMenuFor(raw, '/outlet/master/shift')).toBeNull();
    expect(findMenuFor(raw, '/outlet/master/configure/roleWise')).toBeNull();
    expect(findMenuFor(raw, '/outlet/master/configure')).toBeNull();
    expect(findMenuFor([], '/outlet/dashboard')).toBeNull();
  });
});
