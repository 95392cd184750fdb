// The records of statutory arrears (raised by statutory-arrears.ts) as the screens read and decide them: the list, one
// record with its members, a decision (with who bears the members' share) and the supplementary (arrear) ECR of an
// approved record — the ECR 2.0 layout for the wage month, uploaded on the EPFO portal as ECR type "Arrear". Within
// the caller's units (404 outside them). The routes are in statutory-arrears-routes.ts.
import type { TStatutoryArrear, ZStatutoryArrearDecide, ZStatutoryArrearDetail, ZStatutoryArrearQuery } from '@hr/contract';
import { arrearEcrMember, buildEcr, EcrError, toRupees } from '@hr/payroll';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows } from '../../db/client';
import { statutoryArrears } from '../../db/schema';
import { Conflict, NotFound } from '../../lib/errors';
import { type AuthContext, canReachUnit, unitScope } from '../access/context';
import { decideRecord, type RecordKind } from '../approvals/decide-record';

type Row = {
  id: number;
  unitId: number;
  unitName: string;
  forMonth: string;
  payMonth: string;
  basis: string;
  members: number;
  epfWages: number;
  epsWages: number;
  edliWages: number;
  employeeShare: number;
  eps: number;
  epf: number;
  edli: number;
  adminCharges: number;
  status: TStatutoryArrear['status'];
  memberShareBy: TStatutoryArrear['memberShareBy'];
  approvalId: number | null;
  createdAt: string;
};

const MONEY = ['epfWages', 'epsWages', 'edliWages', 'employeeShare', 'eps', 'epf', 'edli'] as const;

function view(r: Row): TStatutoryArrear {
  const total = r.employeeShare + r.eps + r.epf + r.edli + r.adminCharges;
  return {
    ...r,
    kind: 'pf',
    ...Object.fromEntries(MONEY.map((k) => [k, toRupees(r[k])])),
    adminCharges: toRupees(r.adminCharges),
    employerBears: toRupees(r.memberShareBy === 'employer' ? r.employeeShare : 0),
    total: toRupees(total),
  } as TStatutoryArrear;
}

async function rows(db: Db, where: ReturnType<typeof sql>): Promise<Row[]> {
  return queryRows<Row>(
    db,
    sql`select a.id, a.unit_id as "unitId", u.name as "unitName", a.for_month as "forMonth", a.pay_month as "payMonth", a.basis,
          a.members, a.epf_wages::float8 as "epfWages", a.eps_wages::float8 as "epsWages", a.edli_wages::float8 as "edliWages",
          a.employee_share::float8 as "employeeShare", a.eps::float8 as eps, a.epf::float8 as epf, a.edli::float8 as edli,
          a.admin_charges::float8 as "adminCharges", a.status,
          a.member_share_by as "memberShareBy", a.approval_id as "approvalId",
          to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "createdAt"
        from statutory_arrears a join units u on u.id = a.unit_id
        where ${where} order by a.pay_month desc, a.for_month, u.name limit 500`,
  );
}

async function loadArrear(db: Db, auth: AuthContext, id: number): Promise<Row> {
  const [r] = await rows(db, sql`a.id = ${id}`);
  if (!r || !canReachUnit(auth, r.unitId)) throw new NotFound('Statutory arrears not found');
  return r;
}

type Line = { employeeId: number; employeeCode: string; name: string; uan: string | null } & Record<(typeof MONEY)[number], number> & {
    payAdjustment: { amount: number; paidIn: string | null; runStatus: string | null } | null;
  };

async function linesOf(db: Db, id: number): Promise<Line[]> {
  return queryRows<Line>(
    db,
    sql`select l.employee_id as "employeeId", l.employee_code as "employeeCode", l.name, l.uan, l.epf_wages::float8 as "epfWages",
          l.eps_wages::float8 as "epsWages", l.edli_wages::float8 as "edliWages", l.employee_share::float8 as "employeeShare",
          l.eps::float8 as eps, l.epf::float8 as epf, l.edli::float8 as edli,
          case when sa.id is not null then json_build_object('amount', sa.amount::float8 / 100,
            'paidIn', case when r.id is not null then r.year::text || '-' || lpad(r.month::text, 2, '0') end, 'runStatus', r.status) end
            as "payAdjustment"
        from statutory_arrear_lines l left join salary_arrears sa on sa.id = l.salary_arrear_id
        left join payroll_runs r on r.id = sa.paid_run_id
        where l.arrear_id = ${id} order by l.employee_code`,
  );
}

/** The arrears records of the caller's units, filtered by unit and status. */
export async function listArrears(db: Db, auth: AuthContext, q: z.output<typeof ZStatutoryArrearQuery>): Promise<TStatutoryArrear[]> {
  const where = sql.join(
    [
      sql`true`,
      unitScope(auth, sql`a.unit_id`) ?? sql`true`,
      q.unitId ? sql`a.unit_id = ${q.unitId}` : sql`true`,
      q.status ? sql`a.status = ${q.status}` : sql`true`,
    ],
    sql` and `,
  );
  return (await rows(db, where)).map(view);
}

/** One arrears record with its members. */
export async function arrearDetail(db: Db, auth: AuthContext, id: number): Promise<z.infer<typeof ZStatutoryArrearDetail>> {
  const r = await loadArrear(db, auth, id);
  const lines = (await linesOf(db, r.id)).map((l) => ({
    ...l,
    ...Object.fromEntries(MONEY.map((k) => [k, toRupees(l[k])])),
  })) as z.infer<typeof ZStatutoryArrearDetail>['lines'];
  return { ...view(r), lines };
}

/** A record as the approvals module decides it: a pending one, answered as it is then. */
const ARREAR_DECISION: RecordKind<Row, TStatutoryArrear> = {
  load: loadArrear,
  waiting: (r) => (r.status === 'pending' ? r.approvalId : null),
  refusal: (r) => `These arrears are ${r.status}, not pending`,
  view: async (db, auth, r) => view(await loadArrear(db, auth, r.id)),
};

/** Approves or rejects a pending record; approving says who bears the members' share (the employer by default). */
export async function decideArrear(
  db: Db,
  auth: AuthContext,
  id: number,
  body: z.output<typeof ZStatutoryArrearDecide>,
  requestId: string,
): Promise<TStatutoryArrear> {
  return decideRecord(db, auth, id, body, requestId, {
    ...ARREAR_DECISION,
    // The choice and the decision commit together (decide's own transaction runs as a savepoint of this one): a
    // refused decision leaves the record as it was.
    around: (act, r) =>
      db.transaction(async (tx) => {
        if (body.action === 'approve')
          await tx
            .update(statutoryArrears)
            .set({ memberShareBy: body.memberShareBy ?? 'employer' })
            .where(and(eq(statutoryArrears.id, r.id), eq(statutoryArrears.status, 'pending')));
        await act(tx as unknown as Db);
      }),
  });
}

/** The arrear ECR of an approved record; 409 before approval or when a member has no valid UAN. */
export async function arrearEcr(db: Db, auth: AuthContext, id: number): Promise<{ fileName: string; text: string }> {
  const r = await loadArrear(db, auth, id);
  if (r.status !== 'approved') throw new Conflict('Approve the arrears before downloading their ECR');
  const lines = await linesOf(db, r.id);
  const members = lines.map((l) =>
    arrearEcrMember({
      uan: l.uan ?? '',
      name: l.name,
      arrear: {
        epfWages: BigInt(l.epfWages),
        epsWages: BigInt(l.epsWages),
        edliWages: BigInt(l.edliWages),
        employee: BigInt(l.employeeShare),
        eps: BigInt(l.eps),
        epf: BigInt(l.epf),
        edli: BigInt(l.edli),
      },
    }),
  );
  let text: string;
  try {
    text = buildEcr(members);
  } catch (e) {
    if (!(e instanceof EcrError)) throw e;
    throw new Conflict(
      `The ECR cannot be built: ${e.problems.map((p) => `${lines[p.row].employeeCode} ${lines[p.row].name}: ${p.message}`).join('; ')}`,
    );
  }
  const [unit] = await queryRows<{ code: string }>(db, sql`select code from units where id = ${r.unitId}`);
  const fileName = `ECR_ARREAR_${(unit?.code ?? String(r.unitId)).replace(/[^A-Za-z0-9_-]/g, '_')}_${r.forMonth}.txt`;
  return { fileName, text };
}
