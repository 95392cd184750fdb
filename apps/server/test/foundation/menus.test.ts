import { MENU_PATHS } from '@hr/contract';
import { describe, expect, it } from 'vitest';
import { MENU_TREE } from '../../src/seed/menu-tree';

describe('typed menu names', () => {
  it('the menu seed holds every MENU path exactly once, and nothing else', () => {
    const seeded = MENU_TREE.flatMap((mod) => mod.menus.map((m) => m.actionUrl));
    expect(new Set(seeded).size).toBe(seeded.length);
    expect([...seeded].sort()).toEqual([...MENU_PATHS].sort());
  });
});
