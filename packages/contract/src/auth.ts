import { z } from 'zod';
import { ZAction } from './access';
import { zLine } from './text';

export const ZSignInRequest = z.object({
  userName: zLine().min(1, 'User name is required').max(200),
  password: z.string().min(1, 'Password is required').max(200),
});
export type TSignInRequest = z.infer<typeof ZSignInRequest>;

/** POST /api/auth/password: the signed-in user changes their own password (the policy is checked by the server). */
export const ZChangePasswordRequest = z.object({
  currentPassword: z.string().min(1, 'Current password is required').max(200),
  newPassword: z.string().min(1, 'New password is required').max(200),
});
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

export const ZSignInResponse = z.object({
  token: z.string(),
  expiresAt: z.string(),
});
export type TSignInResponse = z.infer<typeof ZSignInResponse>;

export const ZMenuActions = z.object({
  view: z.boolean(),
  add: z.boolean(),
  edit: z.boolean(),
  delete: z.boolean(),
  approve: z.boolean(),
});
export type TMenuActions = z.infer<typeof ZMenuActions>;

/** One menu entry as the web app receives it (flat form: rawMenus). */
export const ZRawMenu = z.object({
  id: z.number(),
  moduleId: z.number(),
  moduleName: z.string(),
  parentId: z.number().nullable(),
  label: z.string(),
  actionUrl: z.string(),
  icon: z.string(),
  sortOrder: z.number(),
  actions: ZMenuActions,
});
export type TRawMenu = z.infer<typeof ZRawMenu>;

/** Menus grouped by module, each with children (appMenus). */
export type TMenuNode = TRawMenu & { children: TMenuNode[] };
// Named (id MenuNode) so the API document declares the recursive shape once, as components.schemas.MenuNode.
export const ZMenuNode: z.ZodType<TMenuNode> = z.lazy(() => ZRawMenu.extend({ children: z.array(ZMenuNode) })).meta({ id: 'MenuNode' });
export const ZAppModule = z.object({
  id: z.number(),
  name: z.string(),
  icon: z.string(),
  sortOrder: z.number(),
  menus: z.array(ZMenuNode),
});
export type TAppModule = z.infer<typeof ZAppModule>;

export const ZUnitRef = z.object({ id: z.number(), name: z.string(), code: z.string() });
export type TUnitRef = z.infer<typeof ZUnitRef>;

/** acc_dtls: the signed-in account. */
export const ZAccountDetails = z.object({
  userId: z.number(),
  userName: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  roleId: z.number(),
  roleName: z.string(),
  isAdmin: z.boolean(),
  isSelfService: z.boolean(),
  employeeId: z.number().nullable(),
  organisation: z.object({ name: z.string(), address: z.string(), city: z.string(), logo: z.string().nullable(), timeZone: z.string() }),
});
export type TAccountDetails = z.infer<typeof ZAccountDetails>;

export const ZMeResponse = z.object({
  acc_dtls: ZAccountDetails,
  units: z.array(ZUnitRef),
  appMenus: z.array(ZAppModule),
  rawMenus: z.array(ZRawMenu),
});
export type TMeResponse = z.infer<typeof ZMeResponse>;

export const ZFinancialYear = z.object({
  id: z.number(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  isCurrent: z.boolean(),
});
export type TFinancialYear = z.infer<typeof ZFinancialYear>;

export { ZAction };
