import { z } from 'zod';
import { ACTIONS } from '../access';
import { defineResource } from './define';
import { f } from './fields';

export const role = defineResource({
  name: 'role',
  path: 'configure/role',
  title: 'Role',
  fields: {
    name: f.text('Name', { max: 80 }),
    description: f.textarea('Description'),
    isAdmin: f.boolean('Administrator (all units)'),
    isSelfService: f.boolean('Self service (own records only)'),
  },
  columns: ['name', 'isAdmin', 'isSelfService'],
  searchable: ['name'],
  unique: [['name']],
});

export const module = defineResource({
  name: 'module',
  path: 'configure/module',
  title: 'Module',
  fields: {
    name: f.text('Name', { max: 80 }),
    icon: f.text('Icon', { required: false, max: 60, help: 'A lucide icon name' }),
    sortOrder: f.integer('Order', { max: 999, default: 0 }),
  },
  searchable: ['name'],
  unique: [['name']],
  defaultSort: { field: 'sortOrder', dir: 'asc' },
});

export const menu = defineResource({
  name: 'menu',
  path: 'configure/menu',
  title: 'Menu',
  labelField: 'label',
  fields: {
    moduleId: f.select('Module', 'module'),
    parentId: f.select('Parent menu', 'menu', { required: false }),
    label: f.text('Label', { max: 120 }),
    actionUrl: f.text('Action URL', {
      max: 200,
      help: 'Full screen path, e.g. /outlet/master/shift',
      sample: (n) => `/outlet/sample/${n.replace(/[^A-Za-z0-9]/g, '')}`,
    }),
    icon: f.text('Icon', { required: false, max: 60 }),
    sortOrder: f.integer('Order', { max: 999, default: 0 }),
  },
  searchable: ['label', 'actionUrl'],
  filters: ['moduleId'],
  unique: [['actionUrl']],
  defaultSort: { field: 'sortOrder', dir: 'asc' },
});

/** Users (userMaster): the password is hashed by the server and never returned. */
export const user = defineResource({
  name: 'user',
  path: 'configure/userMaster',
  title: 'User Master',
  singular: 'User',
  labelField: 'userName',
  fields: {
    userName: f.text('User name', { max: 80, sample: (n) => `user${n.replace(/[^A-Za-z0-9]/g, '').toLowerCase()}` }),
    fullName: f.text('Full name', { max: 200 }),
    email: f.email('E-mail'),
    roleId: f.select('Role', 'role'),
    password: f.password('Password', { help: 'Leave empty to keep the current password' }),
  },
  columns: ['userName', 'fullName', 'email', 'roleId'],
  searchable: ['userName', 'fullName', 'email'],
  filters: ['roleId'],
  unique: [['userName'], ['email']],
  defaultSort: { field: 'userName', dir: 'asc' },
  modify: { param: 'id', kind: 'id' },
});

/** The role-wise menu access grid: every menu × the five actions, saved at once. */
export const ZMenuAccessRow = z.object({
  menuId: z.number().int().positive(),
  canView: z.boolean(),
  canAdd: z.boolean(),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  canApprove: z.boolean(),
});
export type TMenuAccessRow = z.infer<typeof ZMenuAccessRow>;

export const ZMenuAccessGrid = z.object({ rows: z.array(ZMenuAccessRow).max(2000) });
export type TMenuAccessGrid = z.infer<typeof ZMenuAccessGrid>;

/** One line of the grid as the server returns it (menu, its module, and the role's actions). */
export interface TMenuAccessLine extends TMenuAccessRow {
  moduleId: number;
  moduleName: string;
  label: string;
  actionUrl: string;
  parentId: number | null;
}

export const GRID_ACTIONS = ACTIONS;

/** What the mobile app learns from GET /api/public/apk-version/latest. */
export interface TApkLatest {
  latestVersionCode: number;
  latestVersionName: string;
  minSupportedVersionCode: number;
  forceUpdate: boolean;
  releaseNotes: string;
  releaseDate: string;
}
