import type { TRawMenu } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
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
  const raw = [menu(1, MENU.employee), menu(2, MENU.shift)];

  it('matches actionUrl exactly (a trailing slash ignored)', () => {
    expect(findMenu(raw, MENU.employee)?.id).toBe(1);
    expect(findMenu(raw, '/outlet/transaction/employee/')?.id).toBe(1);
    expect(findMenu(raw, MENU.employee)?.actions.add).toBe(true);
  });

  it('is null for any other path, including detail paths', () => {
    expect(findMenu(raw, '/outlet/transaction/employee/abc')).toBeNull();
    expect(findMenu(raw, MENU.dashboard)).toBeNull();
    expect(findMenu([], MENU.shift)).toBeNull();
  });
});

describe('the menu a screen path belongs to', () => {
  const raw = [
    menu(1, MENU.unit),
    menu(2, MENU.roleWiseMenuAccess),
    menu(3, MENU.role),
    menu(4, MENU.idCard),
    menu(5, MENU.salaryProcess),
    menu(6, '/outlet/transaction/salary_process/addorupdate'),
  ];

  it('a menu covers its own path and the paths below it, never a sibling that merely starts alike', () => {
    expect(menuCovers(MENU.unit, MENU.unit)).toBe(true);
    expect(menuCovers(MENU.unit, '/outlet/master/units/')).toBe(true);
    expect(menuCovers(MENU.unit, '/outlet/master/units/a1b2')).toBe(true);
    expect(menuCovers('/outlet/master/units/', '/outlet/master/units/a1b2')).toBe(true);
    expect(menuCovers(MENU.unit, '/outlet/master/unitsX')).toBe(false);
    expect(menuCovers(MENU.unit, '/outlet/master')).toBe(false);
  });

  it('a modify route follows its list path; the deepest entry wins', () => {
    expect(findMenuFor(raw, MENU.unit)?.id).toBe(1);
    expect(findMenuFor(raw, '/outlet/master/units/9f00aa')?.id).toBe(1);
    expect(findMenuFor(raw, '/outlet/master/configure/roleWiseMenuAccess/77')?.id).toBe(2);
    expect(findMenuFor(raw, '/outlet/idCard/')?.id).toBe(4);
    expect(findMenuFor(raw, '/outlet/transaction/salary_process/addorupdate')?.id).toBe(6);
    expect(findMenuFor(raw, '/outlet/transaction/salary_process/other')?.id).toBe(5);
  });

  it('is null for a screen no entry covers (the user may not view it)', () => {
    expect(findMenuFor(raw, MENU.shift)).toBeNull();
    expect(findMenuFor(raw, '/outlet/master/configure/roleWise')).toBeNull();
    expect(findMenuFor(raw, '/outlet/master/configure')).toBeNull();
    expect(findMenuFor([], MENU.dashboard)).toBeNull();
  });
});
