import type { TMenuActions, TRawMenu } from '@hr/contract';
import { useLocation } from 'react-router';
import { useSession } from './session';

const NO_ACTIONS: TMenuActions = { view: false, add: false, edit: false, delete: false, approve: false };

/** The rawMenus entry whose actionUrl equals `pathname` (trailing slashes ignored), else null. */
export function findMenu(rawMenus: TRawMenu[], pathname: string): TRawMenu | null {
  const norm = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);
  const path = norm(pathname);
  return rawMenus.find((m) => norm(m.actionUrl) === path) ?? null;
}

/**
 * Spec section 6: a screen can obtain the menu entry whose actionUrl equals the current path (null when none).
 * `actions` is that entry's view/add/edit/delete/approve (all false when there is none). The server enforces
 * the same actions; this only decides which buttons to show.
 */
export function useCurrentMenu(pathname?: string): { menu: TRawMenu | null; actions: TMenuActions } {
  const location = useLocation();
  const rawMenus = useSession((s) => s.rawMenus);
  const menu = findMenu(rawMenus, pathname ?? location.pathname);
  return { menu, actions: menu?.actions ?? NO_ACTIONS };
}
