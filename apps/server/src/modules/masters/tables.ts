import type { TResource, TResourceName } from '@hr/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import * as s from '../../db/schema';
import { BadRequest, Conflict, Forbidden } from '../../lib/errors';
import type { AuthContext } from '../access/context';
import { hashPassword } from '../auth/password';

/** What a hook sees: the transaction, the caller, the validated payload and (on update) the row's id. */
export interface HookContext {
  tx: Tx;
  auth: AuthContext;
  resource: TResource;
  /** Validated payload; a hook may change it (the engine writes what is left). */
  data: Record<string, unknown>;
  id?: number;
}

export interface ResourceHooks {
  /** Business rules before insert/update; throw AppErrors. May set table-only columns on `data`. */
  beforeWrite?: (ctx: HookContext) => Promise<void> | void;
  /** Before delete. */
  beforeDelete?: (ctx: Omit<HookContext, 'data'> & { id: number }) => Promise<void> | void;
}

/** A multiselect field kept in a link table (e.g. holiday → units). */
export interface LinkSpec {
  table: PgTable;
  /** Column pointing at the owning row. */
  own: PgColumn;
  /** Column holding the selected id. */
  other: PgColumn;
}

export interface TableSpec {
  table: PgTable & { id: PgColumn };
  hooks?: ResourceHooks;
  links?: Record<string, LinkSpec>;
  /** Table columns never returned (password hashes). */
  hidden?: readonly string[];
}

const lookups = {
  country: { table: s.countries },
  campus: { table: s.campuses },
  division: { table: s.divisions },
  region: { table: s.regions },
  educationMode: { table: s.educationModes },
  fellowshipStatus: { table: s.fellowshipStatuses },
  jobNature: { table: s.jobNatures },
  position: { table: s.positions },
  academicDomain: { table: s.academicDomains },
  academicStatus: { table: s.academicStatuses },
  maritalStatus: { table: s.maritalStatuses },
  patentStatus: { table: s.patentStatuses },
  responsibility: { table: s.responsibilities },
  written: { table: s.writtens },
  category: { table: s.categories },
  academicSession: { table: s.academicSessions },
  mobileCode: { table: s.mobileCodes },
  state: { table: s.states },
  city: { table: s.cities },
  area: { table: s.areas },
} satisfies Record<string, TableSpec>;

/** Resource name → its table, link tables and business rules. Every registry entry must have one. */
export const TABLES: Record<TResourceName, TableSpec> = {
  ...lookups,
  shift: {
    table: s.shifts,
    hooks: {
      beforeWrite({ data }) {
        // A shift whose end is not after its start crosses midnight: it must be marked a night shift.
        const start = String(data.startTime);
        const end = String(data.endTime);
        if (start === end) throw new BadRequest('Invalid shift', { endTime: ['End time must differ from start time'] });
        if (end < start && !data.isNightShift) {
          throw new BadRequest('Invalid shift', {
            isNightShift: ['A shift ending before it starts crosses midnight: mark it as a night shift'],
          });
        }
        if (Number(data.halfDayMinHours) > Number(data.fullDayMinHours)) {
          throw new BadRequest('Invalid shift', {
            halfDayMinHours: ['Half-day minimum cannot exceed the full-day minimum'],
          });
        }
      },
    },
  },
  employeeDocType: { table: s.employeeDocTypes },
  leaveType: {
    table: s.leaveTypes,
    hooks: {
      beforeWrite({ data }) {
        if (Number(data.carryForwardLimit) > 0 && Number(data.yearlyQuota) === 0) {
          throw new BadRequest('Invalid leave type', {
            carryForwardLimit: ['A leave with no yearly quota cannot carry forward'],
          });
        }
      },
    },
  },
  holiday: {
    table: s.holidays,
    links: { unitIds: { table: s.holidayUnits, own: s.holidayUnits.holidayId, other: s.holidayUnits.unitId } },
  },
  department: { table: s.departments },
  designation: { table: s.designations },
  unit: { table: s.units },
  earningDeduction: {
    table: s.earningDeductions,
    hooks: {
      async beforeWrite({ tx, data, id }) {
        if (data.isNetPayHead && data.isActive !== false) {
          const others = await tx
            .select({ id: s.earningDeductions.id, name: s.earningDeductions.name })
            .from(s.earningDeductions)
            .where(
              and(
                eq(s.earningDeductions.isNetPayHead, true),
                eq(s.earningDeductions.isActive, true),
                id ? ne(s.earningDeductions.id, id) : undefined,
              ),
            )
            .limit(1);
          if (others.length) {
            throw new Conflict(`'${others[0].name}' is already the net pay head; only one may exist`, 'isNetPayHead');
          }
        }
        if (data.isNetPayHead && (data.isOverTimeHead || data.isTotalLWOPHead)) {
          throw new BadRequest('Invalid head', { isNetPayHead: ['The net pay head cannot also be an overtime or LWOP head'] });
        }
      },
    },
  },
  role: {
    table: s.roles,
    hooks: {
      beforeWrite({ auth, data }) {
        if (data.isAdmin && !auth.isAdmin) throw new Forbidden('Only an administrator may create administrator roles');
        if (data.isAdmin && data.isSelfService) {
          throw new BadRequest('Invalid role', { isSelfService: ['An administrator role cannot be self service'] });
        }
      },
    },
  },
  module: { table: s.modules },
  menu: {
    table: s.menus,
    hooks: {
      beforeWrite({ data, id }) {
        if (id && data.parentId === id) throw new BadRequest('Invalid menu', { parentId: ['A menu cannot be its own parent'] });
        if (!String(data.actionUrl).startsWith('/')) {
          throw new BadRequest('Invalid menu', { actionUrl: ['Start the path with /'] });
        }
        data.icon ??= '';
      },
    },
  },
  user: {
    table: s.users,
    hidden: ['passwordHash', 'lastSignInAt', 'employeeId'],
    hooks: {
      async beforeWrite({ tx, auth, data, id }) {
        // Only administrators hand out an administrator role.
        if (!auth.isAdmin) {
          const [role] = await tx
            .select({ isAdmin: s.roles.isAdmin })
            .from(s.roles)
            .where(eq(s.roles.id, Number(data.roleId)));
          if (role?.isAdmin) throw new Forbidden('Only an administrator may give the administrator role');
        }
        const password = data.password as string | null | undefined;
        delete data.password;
        if (password) data.passwordHash = await hashPassword(password);
        else if (!id) throw new BadRequest('Invalid user', { password: ['Set a first password'] });
      },
      beforeDelete({ auth, id }) {
        if (auth.userId === id) throw new Conflict('You cannot remove your own account');
      },
    },
  },
  apkVersion: {
    table: s.apkVersions,
    hooks: {
      beforeWrite({ data }) {
        if (Number(data.minSupportedVersionCode) > Number(data.versionCode)) {
          throw new BadRequest('Invalid version', {
            minSupportedVersionCode: ['Cannot exceed the version code'],
          });
        }
      },
    },
  },
  careerOpening: { table: s.careerOpenings },
  careerStep: { table: s.careerSteps },
  unitDepartmentMap: { table: s.unitDepartmentMap },
  unitDesignationMap: { table: s.unitDesignationMap },
  unitEarningDeductionMap: { table: s.unitEarningDeductionMap },
  unitEmployeeDocTypeMap: { table: s.unitEmployeeDocTypeMap },
  unitSalaryApprover: { table: s.unitSalaryApprovers },
  unitCareerOpeningMap: { table: s.unitCareerOpeningMap },
  unitCareerStepMap: { table: s.unitCareerStepMap },
  userUnitMap: { table: s.userUnitMap },
};

export function tableOf(name: string): TableSpec {
  const spec = (TABLES as Record<string, TableSpec>)[name];
  if (!spec) throw new Error(`No table declared for resource '${name}' (apps/server/src/modules/masters/tables.ts)`);
  return spec;
}

/**
 * Screens outside the masters whose forms pick from a resource: their menus may also read its
 * select options (GET /api/resources/<name>/options). Another area adds its screen here.
 */
const EMPLOYEE_SCREEN = '/outlet/transaction/employee';
export const OPTION_MENUS: Partial<Record<TResourceName, readonly string[]>> = {
  unit: [EMPLOYEE_SCREEN],
  department: [EMPLOYEE_SCREEN],
  designation: [EMPLOYEE_SCREEN],
  shift: [EMPLOYEE_SCREEN],
  employeeDocType: [EMPLOYEE_SCREEN, '/outlet/myProfile/upload-documents'],
  leaveType: ['/outlet/request/leave_req', '/outlet/allRequest/leave'],
  earningDeduction: ['/outlet/transaction/salary_process', '/outlet/transaction/salary_increment'],
  maritalStatus: [EMPLOYEE_SCREEN],
  category: [EMPLOYEE_SCREEN],
  jobNature: [EMPLOYEE_SCREEN],
  mobileCode: [EMPLOYEE_SCREEN],
  country: [EMPLOYEE_SCREEN],
  state: [EMPLOYEE_SCREEN],
  city: [EMPLOYEE_SCREEN],
  area: [EMPLOYEE_SCREEN],
};
