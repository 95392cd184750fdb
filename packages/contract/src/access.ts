import { z } from 'zod';
import type { TMenuPath } from './menus';

/** The actions role-wise menu access grants per menu. */
export const ACTIONS = ['view', 'add', 'edit', 'delete', 'approve'] as const;
export const ZAction = z.enum(ACTIONS);
export type TAction = z.infer<typeof ZAction>;

/**
 * What an API route declares in its Fastify `config.access`:
 * - 'public': no sign-in needed;
 * - 'signedIn': any signed-in user;
 * - 'device': a registered, active device (biometric terminal) identified by its serial number (`?SN=`) and,
 *   when its record holds one, its communication key; users' tokens are not accepted there, and devices
 *   reach nothing else;
 * - { menu, action }: the caller's role must hold `action` on the menu whose actionUrl is `menu`
 *   (`MENU.shift`, a screen's full path); `menu` may be a list, any one suffices.
 */
export type TRouteAccess = 'public' | 'signedIn' | 'device' | { menu: TMenuPath | readonly TMenuPath[]; action: TAction };
