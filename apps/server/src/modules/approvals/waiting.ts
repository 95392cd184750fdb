// The approver's inbox (issue 29): every pending approval the caller may decide now, whatever its kind, newest first.
// The common checks are one query (the kinds whose menu approve action the role holds, the caller's units, pending,
// not requested by or about the caller); each candidate then passes the module's own per-approval checks, as decide()
// runs them (conflictOfInterest; the kind's mayApprove at the current level unless an administrator of a non-strict
// kind), a page at a time. Each kind says how its items read (its `describe`) and is decided at its menu's screen.
import type { TWaitingApproval, TWaitingApprovals, TWaitingApprovalsQuery } from '@hr/contract';
import { desc, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { approvals } from '../../db/schema';
import { type AuthContext, roleGrantsSql, unitScope } from '../access/context';
import { type ApprovalKind, type ApprovalRow, approvalKinds, conflictOfInterest } from './service';

const CHUNK = 50;

/** The kinds whose menu approve action the caller's role holds (one query). */
async function approvableKinds(db: Db, auth: AuthContext): Promise<ApprovalKind[]> {
  const all = approvalKinds();
  if (all.length === 0) return [];
  const cols = sql.join(
    all.map((k, i) => sql`${roleGrantsSql(auth.roleId, [k.menu], 'approve')} as ${sql.raw(`k${i}`)}`),
    sql`, `,
  );
  const [row] = await queryRows<Record<string, boolean>>(db, sql`select ${cols}`);
  return all.filter((_, i) => row?.[`k${i}`] === true);
}

/** Whether the caller may decide this approval now (the checks decide() makes beyond the common ones). */
async function mayDecideNow(tx: Tx, auth: AuthContext, kind: ApprovalKind, a: ApprovalRow): Promise<boolean> {
  if (await conflictOfInterest(tx, auth, a)) return false;
  return !((kind.strict || !auth.isAdmin) && kind.mayApprove && !(await kind.mayApprove(tx, auth, a, a.level)));
}

/** The pending approvals the caller may decide now, newest first, a page at a time. */
export async function waitingFor(db: Db, auth: AuthContext, q: TWaitingApprovalsQuery): Promise<TWaitingApprovals> {
  const kinds = await approvableKinds(db, auth);
  const empty = { rows: [], page: q.page, pageSize: q.pageSize, hasMore: false };
  if (kinds.length === 0) return empty;
  const byName = new Map(kinds.map((k) => [k.kind, k]));
  const skip = (q.page - 1) * q.pageSize;
  const found = await db.transaction((tx) => scan(tx, auth, byName, skip + q.pageSize + 1));
  const page = found.slice(skip, skip + q.pageSize);
  return { rows: await describeAll(db, byName, page), page: q.page, pageSize: q.pageSize, hasMore: found.length > skip + q.pageSize };
}

/** Up to `want` approvals the caller may decide now, newest first: candidates by the common checks, a chunk at a time. */
async function scan(tx: Tx, auth: AuthContext, kinds: Map<string, ApprovalKind>, want: number): Promise<ApprovalRow[]> {
  const found: ApprovalRow[] = [];
  for (let offset = 0; found.length < want; offset += CHUNK) {
    const candidates = await tx
      .select()
      .from(approvals)
      .where(
        sql.join(
          [
            sql`${approvals.state} = 'pending'`,
            sql`${approvals.kind} = any(${sql.param([...kinds.keys()])}::text[])`,
            sql`${approvals.requestedBy} <> ${auth.userId}`,
            auth.employeeId != null ? sql`${approvals.employeeId} is distinct from ${auth.employeeId}` : sql`true`,
            unitScope(auth, approvals.unitId) ?? sql`true`,
          ],
          sql` and `,
        ),
      )
      .orderBy(desc(approvals.createdAt), desc(approvals.id))
      .limit(CHUNK)
      .offset(offset);
    for (const a of candidates) {
      if (found.length >= want) break;
      if (await mayDecideNow(tx, auth, kinds.get(a.kind)!, a)) found.push(a);
    }
    if (candidates.length < CHUNK) break;
  }
  return found;
}

/** The items of a page as they read: the employee and unit (one query) and each kind's own description. */
async function describeAll(db: Db, kinds: Map<string, ApprovalKind>, page: ApprovalRow[]): Promise<TWaitingApproval[]> {
  if (page.length === 0) return [];
  const facts = await queryRows<{ id: number; employeeName: string | null; employeeCode: string | null; unitName: string | null }>(
    db,
    sql`select a.id, e.name as "employeeName", e.employee_code as "employeeCode", u.name as "unitName"
        from approvals a left join employees e on e.id = a.employee_id left join units u on u.id = a.unit_id
        where a.id = any(${sql.param(page.map((a) => a.id))}::int[])`,
  );
  const factOf = new Map(facts.map((f) => [f.id, f]));
  const described = new Map<number, { title: string; detail?: string | null }>();
  for (const [name, kind] of kinds) {
    const mine = page.filter((a) => a.kind === name);
    if (mine.length && kind.describe) for (const [id, d] of await kind.describe(db, mine)) described.set(id, d);
  }
  return page.map((a) => {
    const f = factOf.get(a.id);
    const d = described.get(a.id);
    return {
      id: a.id,
      kind: a.kind,
      subjectId: a.subjectId,
      title: d?.title ?? titleOf(kinds.get(a.kind)!),
      detail: d?.detail ?? null,
      employeeName: f?.employeeName ?? null,
      employeeCode: f?.employeeCode ?? null,
      unitName: f?.unitName ?? null,
      level: a.level,
      levels: a.levels,
      submittedAt: a.createdAt.toISOString(),
      path: kinds.get(a.kind)!.menu,
    };
  });
}

/** A kind without `describe` reads as its name: 'payroll.statutoryArrears' → 'Statutory arrears'. */
function titleOf(kind: ApprovalKind): string {
  const last = kind.kind.split('.').pop() ?? kind.kind;
  const words = last.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
