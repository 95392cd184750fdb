// Statutory arrears (issue 25): a PF parameter row added after a month's run was processed, with an effective date
// that reaches into that month, never rewrites the month once it is approved or locked. raiseStatutoryArrears
// finds such runs, works out each member's difference with the month's parameters as now in force
// (pfParametersForMonth, pfArrear) and the establishment's administration charges on the new wages, and keeps them
// as one arrears record per run — listed for approval (the 'payroll.statutoryArrears' kind) and paid in the
// unit's next open month with a supplementary (arrear) ECR. Idempotent: what earlier arrears already carry is
// subtracted, so a second call raises nothing. Called when the release's parameter rows are applied (every start
// of an installation) and after a parameter row is added (the statutory admin API).
import { MENU } from '@hr/contract';
import { type PfCarried, pfAdminChargesArrear, pfArrear, pfParametersForMonth } from '@hr/payroll';
import { eq, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { statutoryArrearLines, statutoryArrears } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { bulkInsert } from '../../lib/bulk';
import { FINAL_RUN } from '../../lib/month-lock';
import { defineApprovalKind, submitApproval } from '../approvals/service';
import { loadStatutoryTables } from '../statutory/parameters';

export const statutoryArrearsApproval = defineApprovalKind({
  kind: 'payroll.statutoryArrears',
  menu: MENU.statutoryArrears,
  beneficiaries: (a) => sql`select employee_id from statutory_arrear_lines where arrear_id = ${a.subjectId}`,
  async onApproved(tx, approval) {
    await tx.update(statutoryArrears).set({ status: 'approved' }).where(eq(statutoryArrears.id, approval.subjectId));
    await employeeShareLines(tx, approval.subjectId);
  },
  async onRejected(tx, approval) {
    await tx.update(statutoryArrears).set({ status: 'rejected' }).where(eq(statutoryArrears.id, approval.subjectId));
  },
  async onCancelled(tx, approval) {
    await tx.update(statutoryArrears).set({ status: 'rejected' }).where(eq(statutoryArrears.id, approval.subjectId));
    await withdrawShareLines(tx, approval.subjectId);
  },
});

/**
 * An approved record whose members' share is recovered from them (`member_share_by` 'member', chosen on approval)
 * reaches pay the way loss-of-pay adjustments do (lop.ts): one salary_arrears line per member, kind 'pf', for the
 * month it belongs to, negative (a recovery), deducted through the PF head of the member's next open month's run —
 * not the ARREARS earning head, so the month's gross, ESI wages and taxable pay stay as they are (compute.ts
 * payableArrears). When the employer bears the share (the default: EPF Scheme 1952 para 32 allows a member's
 * share to be recovered only from the wages of the period it is for) nothing reaches pay: the employer remits it
 * with the arrear ECR, as it does its own share, EPS, EDLI and the administration charges, and the record shows
 * the extra cost (`employerBears`).
 */
async function employeeShareLines(tx: Tx, arrearId: number): Promise<void> {
  await tx.execute(sql`with l as (
      select l.id, l.employee_id, a.for_month, -l.employee_share as amount,
        left('PF arrears #' || a.id || ', member share recovered: ' || a.basis, 300) as reason
      from statutory_arrear_lines l join statutory_arrears a on a.id = l.arrear_id
      where l.arrear_id = ${arrearId} and a.member_share_by = 'member' and l.employee_share <> 0 and l.salary_arrear_id is null
    ), made as (
      insert into salary_arrears (employee_id, for_month, amount, kind, reason)
      select employee_id, for_month, amount, 'pf', reason from l order by id
      returning id, employee_id, for_month
    )
    update statutory_arrear_lines sl set salary_arrear_id = made.id
    from made where sl.arrear_id = ${arrearId} and sl.employee_id = made.employee_id`);
}

/** An approval cancelled afterwards: the recoveries no run has carried yet are withdrawn (those carried stay paid). */
async function withdrawShareLines(tx: Tx, arrearId: number): Promise<void> {
  await tx.execute(sql`with gone as (
      update statutory_arrear_lines l set salary_arrear_id = null
      from salary_arrears sa
      where l.arrear_id = ${arrearId} and sa.id = l.salary_arrear_id and sa.paid_run_id is null and sa.paid_settlement_id is null
      returning sa.id
    )
    delete from salary_arrears where id in (select id from gone)`);
}

/** After a PF row is added on the statutory parameters screen: the months it reaches back into, at once. */
export async function raiseOnPfRows(db: Db, change: { kinds: readonly string[]; userId: number }): Promise<number[]> {
  return change.kinds.includes('pf') ? raiseStatutoryArrears(db, { requestedBy: change.userId, unitIds: 'all' }) : [];
}

type SlipPf = {
  employeeId: number;
  code: string;
  name: string;
  uan: string | null;
  restrict: boolean;
  st: {
    pfWages?: number;
    epfWages?: number;
    epsWages?: number;
    edliWages?: number;
    pfEmployee?: number;
    eps?: number;
    epf?: number;
    edli?: number;
  };
  earlier: Record<string, string> | null;
};

const ym = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;
const big = (v: number | string | undefined | null) => BigInt(v ?? 0);

/** Final runs of a unit's months that a PF row added after their processing reaches into (`unitIds`: within reach). */
async function reachedRuns(db: Db | Tx, unitIds: number[] | 'all') {
  return queryRows<{ id: number; unitId: number; year: number; month: number; basis: string }>(
    db,
    sql`select r.id, r.unit_id as "unitId", r.year, r.month,
          string_agg(to_char(p.effective_from, 'DD/MM/YYYY'), ', ' order by p.effective_from) as basis
        from payroll_runs r
        join statutory_parameters p on p.kind = 'pf' and p.is_active
          and p.created_at > coalesce(r.processed_at, r.created_at)
          and p.effective_from <= (make_date(r.year, r.month, 1) + interval '1 month' - interval '1 day')::date
        where ${FINAL_RUN} ${unitIds === 'all' ? sql`` : sql`and r.unit_id = any(${sql.param(unitIds)}::int[])`}
        group by r.id
        -- A run whose arrears were raised (and perhaps decided, rejection included) after the latest row that reaches
        -- it is not worked out again: this runs at every start, and a rejected record must not come back each time.
        having not exists (select 1 from statutory_arrears a where a.run_id = r.id and a.created_at >= max(p.created_at))
        order by r.unit_id, r.year, r.month`,
  );
}

/** The unit's next open month: the one after its latest approved or locked run ('YYYY-MM'). */
async function nextOpenMonth(db: Db | Tx, unitId: number): Promise<string> {
  const [r] = await queryRows<{ t: number }>(
    db,
    sql`select max(r.year * 12 + r.month - 1)::int as t from payroll_runs r where r.unit_id = ${unitId} and ${FINAL_RUN}`,
  );
  const t = (r?.t ?? 0) + 1;
  return ym(Math.floor(t / 12), (t % 12) + 1);
}

/**
 * Raises the PF arrears of every approved or locked run a later PF row reaches (within `unitIds`); returns the ids
 * of the arrears records made. One transaction per run.
 */
export async function raiseStatutoryArrears(db: Db, opts: { requestedBy: number; unitIds?: number[] | 'all' }): Promise<number[]> {
  const runs = await reachedRuns(db, opts.unitIds ?? 'all');
  if (!runs.length) return [];
  const tables = await loadStatutoryTables(db);
  const made: number[] = [];
  for (const run of runs) {
    const p = pfParametersForMonth(tables.pf, run.year, run.month);
    if (!p) continue;
    const id = await db.transaction(async (tx) => raiseForRun(tx, run, p, opts.requestedBy));
    if (id) made.push(id);
  }
  return made;
}

async function raiseForRun(
  tx: Tx,
  run: { id: number; unitId: number; year: number; month: number; basis: string },
  p: NonNullable<ReturnType<typeof pfParametersForMonth>>,
  requestedBy: number,
): Promise<number | null> {
  await tx.execute(sql`select id from payroll_runs where id = ${run.id} for update`);
  const slips = await queryRows<SlipPf>(
    tx,
    sql`select s.employee_id as "employeeId", s.employee_code as code, s.name, s.uan_no as uan,
          e.pf_restrict_to_ceiling as restrict, s.statutory as st,
          (select jsonb_build_object('epfWages', sum(l.epf_wages)::text, 'epsWages', sum(l.eps_wages)::text, 'edliWages', sum(l.edli_wages)::text,
             'employee', sum(l.employee_share)::text, 'eps', sum(l.eps)::text, 'epf', sum(l.epf)::text, 'edli', sum(l.edli)::text)
           from statutory_arrear_lines l join statutory_arrears a on a.id = l.arrear_id
           where a.run_id = s.run_id and l.employee_id = s.employee_id and a.status <> 'rejected') as earlier
        from salary_slips s join employees e on e.id = s.employee_id
        where s.run_id = ${run.id} and coalesce((s.statutory->>'pfWages')::bigint, 0) > 0
          and coalesce((s.statutory->>'pfEmployee')::bigint, 0) > 0
        order by s.employee_code`,
  );
  const lines: Omit<typeof statutoryArrearLines.$inferInsert, 'arrearId'>[] = [];
  let epfWagesDue = 0n;
  for (const s of slips) {
    const slip: PfCarried = {
      pfWages: big(s.st.pfWages),
      epfWages: big(s.st.epfWages),
      epsWages: big(s.st.epsWages),
      edliWages: big(s.st.edliWages),
      employee: big(s.st.pfEmployee),
      eps: big(s.st.eps),
      epf: big(s.st.epf),
      edli: big(s.st.edli),
    };
    const e = s.earlier;
    const earlier = e?.employee
      ? {
          epfWages: big(e.epfWages),
          epsWages: big(e.epsWages),
          edliWages: big(e.edliWages),
          employee: big(e.employee),
          eps: big(e.eps),
          epf: big(e.epf),
          edli: big(e.edli),
        }
      : undefined;
    const a = pfArrear(p, { slip, earlier, restrictToCeiling: s.restrict });
    epfWagesDue += slip.epfWages + (earlier?.epfWages ?? 0n) + (a?.epfWages ?? 0n);
    if (!a) continue;
    lines.push({
      employeeId: s.employeeId,
      employeeCode: s.code,
      name: s.name,
      uan: s.uan,
      epfWages: Number(a.epfWages),
      epsWages: Number(a.epsWages),
      edliWages: Number(a.edliWages),
      employeeShare: Number(a.employee),
      eps: Number(a.eps),
      epf: Number(a.epf),
      edli: Number(a.edli),
    });
  }
  const [charged] = await queryRows<{ amount: string }>(
    tx,
    sql`select (coalesce((select amount from pf_admin_charges where run_id = ${run.id}), 0)
          + coalesce((select sum(admin_charges) from statutory_arrears where run_id = ${run.id} and status <> 'rejected'), 0))::text as amount`,
  );
  const adminCharges = lines.length ? pfAdminChargesArrear(p, epfWagesDue, big(charged?.amount)) : 0n;
  if (!lines.length) return null;
  const sum = (k: 'epfWages' | 'epsWages' | 'edliWages' | 'employeeShare' | 'eps' | 'epf' | 'edli') =>
    lines.reduce((acc, l) => acc + (l[k] as number), 0);
  const [row] = await tx
    .insert(statutoryArrears)
    .values({
      unitId: run.unitId,
      runId: run.id,
      forMonth: ym(run.year, run.month),
      payMonth: await nextOpenMonth(tx, run.unitId),
      kind: 'pf',
      basis: `PF parameters from ${run.basis}, added after the month was processed`,
      members: lines.length,
      epfWages: sum('epfWages'),
      epsWages: sum('epsWages'),
      edliWages: sum('edliWages'),
      employeeShare: sum('employeeShare'),
      eps: sum('eps'),
      epf: sum('epf'),
      edli: sum('edli'),
      adminCharges: Number(adminCharges),
      createdBy: requestedBy,
    })
    .returning({ id: statutoryArrears.id });
  await bulkInsert(
    tx,
    statutoryArrearLines,
    lines.map((l) => ({ ...l, arrearId: row.id })),
  );
  const approval = await submitApproval(tx, statutoryArrearsApproval, {
    subjectId: row.id,
    employeeId: null,
    unitId: run.unitId,
    requestedBy,
  });
  await tx.update(statutoryArrears).set({ approvalId: approval.id }).where(eq(statutoryArrears.id, row.id));
  await writeAudit(tx, {
    entity: 'statutory_arrears',
    entityId: row.id,
    action: 'create',
    after: { runId: run.id, forMonth: ym(run.year, run.month), members: lines.length, adminCharges: Number(adminCharges) },
    userId: requestedBy,
  });
  return row.id;
}

/**
 * At every start of an installation, after the release's parameter rows are applied: the arrears of the months
 * they reach, requested in the name of the first active administrator (nothing when there is none yet).
 */
export async function raiseReleaseArrears(db: Db): Promise<number[]> {
  const [admin] = await queryRows<{ id: number }>(
    db,
    sql`select u.id from users u join roles r on r.id = u.role_id where r.is_admin and u.is_active order by u.id limit 1`,
  );
  return admin ? raiseStatutoryArrears(db, { requestedBy: admin.id }) : [];
}
