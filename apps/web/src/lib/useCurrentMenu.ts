import type { TMenuActions, TRawMenu } from '@hr/contract';
import type { TMenuPath } from '@hr/contract/menus';
import { useLocation, useMatches } from 'react-router';
import { useSession } from './session';

const NO_ACTIONS: TMenuActions = { view: false, add: false, edit: false, delete: false, approve: false };

const norm = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);

/** The rawMenus entry whose actionUrl equals `pathname` (trailing slashes ignored), else null. */
export function findMenu(rawMenus: TRawMenu[], pathname: string): TRawMenu | null {
  const path = norm(pathname);
  return rawMenus.find((m) => norm(m.actionUrl) === path) ?? null;
}

/** Whether a menu entry stands for `pathname`: its own path, or a path below it (e.g. a modify route units/<id>). */
export function menuCovers(actionUrl: string, pathname: string): boolean {
  const base = norm(actionUrl);
  const path = norm(pathname);
  return path === base || path.startsWith(`${base}/`);
}

/**
 * The menu entry a screen path belongs to: the entry of that path, else the deepest entry above it (a path that
 * is no menu of its own, such as /outlet/master/units/<id>, follows its list's menu). Null when none of the
 * given menus covers the path: with the user's rawMenus, the user may not view that screen.
 */
export function findMenuFor(rawMenus: TRawMenu[], pathname: string): TRawMenu | null {
  let best: TRawMenu | null = null;
  for (const m of rawMenus) {
    if (menuCovers(m.actionUrl, pathname) && (!best || norm(m.actionUrl).length > norm(best.actionUrl).length)) best = m;
  }
  return best;
}

/**
 * Spec section 6: a screen can obtain the menu entry whose actionUrl equals the current path (null when none).
 * `actions` is that entry's view/add/edit/delete/approve (all false when there is none). The server enforces
 * the same actions; this only decides which buttons to show.
 */
export function useCurrentMenu(pathname?: TMenuPath): { menu: TRawMenu | null; actions: TMenuActions } {
  const location = useLocation();
  const rawMenus = useSession((s) => s.rawMenus);
  const menu = findMenu(rawMenus, pathname ?? location.pathname);
  return { menu, actions: menu?.actions ?? NO_ACTIONS };
}

/** `handle` of a route object. `menuGuard` marks a screen shown only to a user holding a menu that covers its path. */
export type TRouteHandle = { menuGuard?: boolean };

/**
 * Whether the signed-in user may view the screen at the current location: screens marked `menuGuard` (every
 * area screen under /outlet, see src/routes.tsx) need an entry of the user's rawMenus covering the path
 * (findMenuFor). Redirects, the 404 page and developer pages are not guarded. This only decides what the
 * layout shows; the server refuses the screen's calls on its own.
 */
export function useScreenAccess(): { allowed: boolean; menu: TRawMenu | null } {
  const matches = useMatches();
  const { pathname } = useLocation();
  const rawMenus = useSession((s) => s.rawMenus);
  const leaf = matches[matches.length - 1];
  const guarded = (leaf?.handle as TRouteHandle | undefined)?.menuGuard === true;
  const menu = findMenuFor(rawMenus, pathname);
  return { allowed: !guarded || menu !== null, menu };
}
