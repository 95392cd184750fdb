// The sign-in account of an employee, created from the employee screen by the user master's rules.
import type { TCreateUserAccount } from '@hr/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { roles, users, userUnitMap } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { BadRequest, Conflict } from '../../lib/errors';
import { assertLoginUnique, assertMayGiveRole } from '../access/accounts';
import type { AuthContext } from '../access/context';
import { hashPassword, newPasswordProblem } from '../auth/password';
import { loadEmployeeRow } from './read';

/** The sign-in account of an employee: the self-service role unless one is chosen, mapped to the employee's unit. */
export async function createUserAccount(db: Db, auth: AuthContext, employeeId: number, input: TCreateUserAccount, requestId?: string) {
  const emp = await loadEmployeeRow(db, auth, employeeId);
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.employeeId, emp.id)).limit(1);
  if (existing) throw new Conflict('This employee already has a sign-in account');
  let roleId = input.roleId;
  if (roleId === undefined) {
    // The staff's own role is the one marked self-service in the role master (never found by its name).
    const [r] = await db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.isSelfService, true), eq(roles.isActive, true)))
      .orderBy(asc(roles.id))
      .limit(1);
    if (!r) throw new BadRequest('No active self-service role exists; choose a role', { roleId: ['Choose a role'] });
    roleId = r.id;
  }
  // The same rules as the user master: no administrator role unless an administrator, no role above the caller's.
  await assertMayGiveRole(db, auth, roleId, 'Invalid sign-in account');
  await assertLoginUnique(db, { userName: input.userName, email: emp.email });
  const problem = await newPasswordProblem(db, input.password, { userName: input.userName, fullName: emp.name });
  if (problem) throw new BadRequest('Invalid sign-in account', { password: [problem] });
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [u] = await tx
      .insert(users)
      .values({
        userName: input.userName,
        fullName: emp.name,
        email: emp.email,
        passwordHash,
        roleId,
        employeeId: emp.id,
        createdBy: auth.userId,
        updatedBy: auth.userId,
      })
      .returning();
    await tx.insert(userUnitMap).values({ userId: u.id, unitId: emp.unitId, createdBy: auth.userId }).onConflictDoNothing();
    await writeAudit(tx, { entity: 'users', entityId: u.id, action: 'create', after: u, userId: auth.userId, requestId });
    return u;
  });
}
