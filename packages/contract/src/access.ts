import { z } from 'zod';

/** The actions role-wise menu access grants per menu. */
export const ACTIONS = ['view', 'add', 'edit', 'delete', 'approve'] as const;
export const ZAction = z.enum(ACTIONS);
export type TAction = z.infer<typeof ZAction>;

/**
 * What an API route declares in its Fastify `config.access`:
 * - 'public': no sign-in needed;
 * - 'signedIn': any signed-in user;
 * - { menu, action }: the caller's role must hold `action` on the menu whose actionUrl is `menu`
 *   (full screen path, e.g. '/outlet/master/shift'); `menu` may be a list, any one suffices.
 */
export type TRouteAccess = 'public' | 'signedIn' | { menu: string | readonly string[]; action: TAction };
