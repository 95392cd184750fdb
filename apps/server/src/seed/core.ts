import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { departments, designations, menus, modules, organisation, roles, units } from '../db/schema';
import { ensureFinancialYears } from '../modules/financial-years/service';
import { createRole, createUser, grantMenus } from './factories';
import { MENU_TREE, ROLE_ACCESS } from './menu-tree';

const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#1e3a8a"/>' +
  '<circle cx="32" cy="38" r="12" fill="#f59e0b"/><g stroke="#f59e0b" stroke-width="4" stroke-linecap="round">' +
  '<path d="M32 12v8M12 38h6M46 38h6M18 24l5 5M46 24l-5 5"/></g><rect x="8" y="44" width="48" height="10" fill="#1e3a8a"/></svg>';
export const ORG_LOGO = `data:image/svg+xml;base64,${Buffer.from(LOGO_SVG).toString('base64')}`;

export const SEED_ORGANISATION = {
  name: 'Sunrise Educational & Healthcare Services Pvt. Ltd.',
  address: 'No. 42, 3rd Floor, Sunrise Towers, Residency Road, Bengaluru, Karnataka 560025',
  city: 'Bengaluru',
};

export const SEED_UNITS = [
  {
    code: 'HO-BLR',
    name: 'Head Office Bengaluru',
    address: 'No. 42, Sunrise Towers, Residency Road, Bengaluru 560025',
    city: 'Bengaluru',
    stateName: 'Karnataka',
    pfRegistrationNo: 'KN/BNG/0012345/000',
    esiRegistrationNo: '53000123450001001',
    ptRegistrationNo: 'PTC-29012345678',
    tan: 'BLRS12345C',
    deductorPan: 'AAFCS1234K',
  },
  {
    code: 'BR-CHN',
    name: 'Chennai Branch',
    address: '18, Cathedral Road, Gopalapuram, Chennai 600086',
    city: 'Chennai',
    stateName: 'Tamil Nadu',
    pfRegistrationNo: 'TN/MAS/0045678/000',
    esiRegistrationNo: '51000456780001001',
    ptRegistrationNo: 'CHN-PT-0456789',
    tan: 'CHES23456D',
    deductorPan: 'AAFCS1234K',
  },
  {
    code: 'CMP-MYS',
    name: 'Mysuru Campus',
    address: 'Survey No. 7, Hunsur Road, Hinkal, Mysuru 570017',
    city: 'Mysuru',
    stateName: 'Karnataka',
    pfRegistrationNo: 'KN/MYS/0078901/000',
    esiRegistrationNo: '53000789010001001',
    ptRegistrationNo: 'PTC-29078901234',
    tan: 'MYSS34567E',
    deductorPan: 'AAFCS1234K',
  },
];

const SEED_DEPARTMENTS: [string, string][] = [
  ['ADM', 'Administration'],
  ['HR', 'Human Resources'],
  ['FIN', 'Finance & Accounts'],
  ['IT', 'Information Technology'],
  ['ACD', 'Academics'],
  ['NUR', 'Nursing'],
  ['OPS', 'Operations'],
  ['FAC', 'Facilities & Maintenance'],
];

const SEED_DESIGNATIONS: [string, string][] = [
  ['DIR', 'Director'],
  ['GM', 'General Manager'],
  ['HRM', 'HR Manager'],
  ['HRE', 'HR Executive'],
  ['ACM', 'Accounts Manager'],
  ['ACE', 'Accounts Executive'],
  ['SWE', 'Software Engineer'],
  ['PRF', 'Professor'],
  ['ASP', 'Assistant Professor'],
  ['STN', 'Staff Nurse'],
  ['ADE', 'Administrative Executive'],
  ['OFA', 'Office Assistant'],
];

export const DEMO_PASSWORDS = {
  admin: 'Admin@123',
  manager: 'Manager@123',
  payroll: 'Payroll@123',
  employee1: 'Employee@123',
  employee2: 'Employee@123',
} as const;

/** The foundation's demo data: organisation, units, departments, designations, menus, roles, users, years. */
export async function seedCore(db: Db, today: string): Promise<void> {
  const [org] = await db.select({ id: organisation.id }).from(organisation).limit(1);
  if (!org) await db.insert(organisation).values({ ...SEED_ORGANISATION, logo: ORG_LOGO });

  await db.insert(units).values(SEED_UNITS).onConflictDoNothing();
  await db
    .insert(departments)
    .values(SEED_DEPARTMENTS.map(([code, name]) => ({ code, name })))
    .onConflictDoNothing();
  await db
    .insert(designations)
    .values(SEED_DESIGNATIONS.map(([code, name]) => ({ code, name })))
    .onConflictDoNothing();

  await seedMenus(db);

  const adminRole = await createRole(db, {
    name: 'Administrator',
    isAdmin: true,
    description: 'Every screen and every unit',
  });
  const managerRole = await createRole(db, {
    name: 'Manager',
    description: 'Approves requests and sees the people of the mapped units',
  });
  const employeeRole = await createRole(db, {
    name: 'Employee',
    isSelfService: true,
    description: 'Own requests, attendance, profile and payroll documents',
  });
  const payrollRole = await createRole(db, {
    name: 'Payroll Officer',
    description: 'Prepares salaries, advances, increments and bonuses; approvers approve them',
  });
  // The administrator's grants (every action on every menu) come from seedDemo's grantAllMenusToAdmins.
  await grantMenus(db, managerRole, ROLE_ACCESS.Manager);
  await grantMenus(db, employeeRole, ROLE_ACCESS.Employee);
  await grantMenus(db, payrollRole, ROLE_ACCESS['Payroll Officer']);

  const unitRows = await db.select({ id: units.id, code: units.code }).from(units).orderBy(asc(units.id));
  const unitId = (code: string) => unitRows.find((u) => u.code === code)?.id as number;

  await createUser(db, {
    userName: 'admin',
    password: DEMO_PASSWORDS.admin,
    fullName: 'Anita Krishnan',
    email: 'admin@sunrise-edu.example',
    roleId: adminRole,
  });
  await createUser(db, {
    userName: 'manager',
    password: DEMO_PASSWORDS.manager,
    fullName: 'Rahul Menon',
    email: 'manager@sunrise-edu.example',
    roleId: managerRole,
    unitIds: [unitId('HO-BLR'), unitId('BR-CHN')],
  });
  await createUser(db, {
    userName: 'payroll',
    password: DEMO_PASSWORDS.payroll,
    fullName: 'Deepa Iyer',
    email: 'payroll@sunrise-edu.example',
    roleId: payrollRole,
    unitIds: unitRows.map((u) => u.id),
  });
  await createUser(db, {
    userName: 'employee1',
    password: DEMO_PASSWORDS.employee1,
    fullName: 'Priya Sharma',
    email: 'priya.sharma@sunrise-edu.example',
    roleId: employeeRole,
    unitIds: [unitId('HO-BLR')],
  });
  await createUser(db, {
    userName: 'employee2',
    password: DEMO_PASSWORDS.employee2,
    fullName: 'Karthik Subramanian',
    email: 'karthik.s@sunrise-edu.example',
    roleId: employeeRole,
    unitIds: [unitId('BR-CHN')],
  });

  await ensureFinancialYears(db, today);
}

/** Modules and menus of MENU_TREE (insert missing; existing ones keep their edits). */
export async function seedMenus(db: Db): Promise<void> {
  await db
    .insert(modules)
    .values(MENU_TREE.map((mod, i) => ({ name: mod.name, icon: mod.icon, sortOrder: (i + 1) * 10 })))
    .onConflictDoNothing({ target: modules.name });
  const mods = await db.select({ id: modules.id, name: modules.name }).from(modules);
  const values = MENU_TREE.flatMap((mod) => {
    const moduleId = mods.find((x) => x.name === mod.name)?.id as number;
    return mod.menus.map((menu, i) => ({ ...menu, moduleId, sortOrder: (i + 1) * 10 }));
  });
  await db.insert(menus).values(values).onConflictDoNothing({ target: menus.actionUrl });
}

/** Whether the database holds no organisation yet (a fresh installation). */
export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(organisation);
  return row.n === 0;
}

export async function roleIdByName(db: Db, name: string): Promise<number | undefined> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
  return row?.id;
}
