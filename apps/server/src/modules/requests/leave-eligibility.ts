// Who a leave type is for (issue 28): a type may be limited by gender (paternity leave is not offered to women) and
// by marital status (the leave type master's `applicable_marital_status_id`), besides the category, the probation
// and the unit's mapping that the ledger's rules already apply. The request screen offers only the types that apply
// (`GET /api/leave/types/me`), and a request for any other is refused naming the field (`leaveTypeProblems`, one line
// in the service's leave plan: the preview shows it, the raise answers 400 with `leaveTypeId`).
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Db, queryRows, type Tx } from '../../db/client';
import { orgToday } from '../../lib/org-zone';
import { policiesOf, staffFacts } from './leave-terms';

type Limits = { name: string; gender: string; maritalStatusId: number | null; maritalStatusName: string | null };
type Person = { gender: string; maritalStatusId: number | null };

/** Why a type's gender or marital-status limit excludes a person, or null when it applies. */
export function limitProblem(type: Limits, person: Person): string | null {
  if (type.gender !== 'all' && type.gender !== person.gender.trim().toLowerCase()) {
    return `${type.name} is for ${type.gender === 'female' ? 'women' : 'men'} only`;
  }
  if (type.maritalStatusId !== null && type.maritalStatusId !== person.maritalStatusId) {
    return `${type.name} is for employees whose marital status is ${type.maritalStatusName ?? 'another'} only`;
  }
  return null;
}

/** The problems (field `leaveTypeId`) of an employee's request for a leave type limited by gender or marital status. */
export async function leaveTypeProblems(
  db: Db | Tx,
  employeeId: number,
  leaveTypeId: number,
): Promise<{ field: string; message: string }[]> {
  const [row] = await queryRows<Limits & { personGender: string; personMarital: number | null }>(
    db,
    sql`select lt.name, lt.applicable_gender as gender, lt.applicable_marital_status_id as "maritalStatusId",
          ms.name as "maritalStatusName", e.gender as "personGender", e.marital_status_id as "personMarital"
        from leave_types lt cross join employees e left join marital_statuses ms on ms.id = lt.applicable_marital_status_id
        where lt.id = ${leaveTypeId} and e.id = ${employeeId}`,
  );
  if (!row) return [];
  const problem = limitProblem(row, { gender: row.personGender, maritalStatusId: row.personMarital });
  return problem ? [{ field: 'leaveTypeId', message: problem }] : [];
}

export const ZApplicableLeaveTypes = z.array(z.object({ id: z.number(), name: z.string(), code: z.string() }));

/** The active leave types that apply to an employee today: unit mapping, gender, marital status, category. */
export async function applicableLeaveTypes(db: Db | Tx, employeeId: number): Promise<z.infer<typeof ZApplicableLeaveTypes>> {
  const e = await staffFacts(db, employeeId);
  if (!e) return [];
  const [person] = await queryRows<{ maritalStatusId: number | null }>(
    db,
    sql`select marital_status_id as "maritalStatusId" from employees where id = ${employeeId}`,
  );
  const limits = new Map(
    (
      await queryRows<{ id: number; maritalStatusId: number | null }>(
        db,
        sql`select id, applicable_marital_status_id as "maritalStatusId" from leave_types`,
      )
    ).map((r) => [r.id, r.maritalStatusId]),
  );
  // Probation only delays credits (the balance says so); the other reasons mean the type is not the employee's.
  return (await policiesOf(db, e, orgToday()))
    .filter((p) => p.isActive && (p.notApplicable === null || p.notApplicable === 'probation'))
    .filter(
      (p) =>
        limitProblem(
          { name: p.name, gender: p.applicableGender, maritalStatusId: limits.get(p.id) ?? null, maritalStatusName: null },
          { gender: e.gender, maritalStatusId: person?.maritalStatusId ?? null },
        ) === null,
    )
    .map((p) => ({ id: p.id, name: p.name, code: p.code }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** `GET /api/leave/types/me`: the leave types the request screen offers the caller. */
export const leaveTypeOptionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/leave/types/me',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['requests'],
        summary: 'The leave types that apply to the caller (gender, marital status, category, unit): what the leave request offers',
        response: { 200: ZApplicableLeaveTypes },
      },
    },
    async (request) => {
      const { employeeId } = request.auth;
      return employeeId == null ? [] : applicableLeaveTypes(app.db, employeeId);
    },
  );
};
