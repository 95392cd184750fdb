// In-app notifications (the bell) and their e-mail copies. A notification is a row per recipient written in the
// domain's transaction; when SMTP_URL is set, a persisted job sends the copies, so a slow mail server never slows
// a request.
import type { TMenuPath, ZNotification } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { appContext } from '../../app-context';
import { type Db, queryRows, type Tx } from '../../db/client';
import { notifications } from '../../db/schema';
import { defineJob, enqueue } from '../../jobs/runner';
import { openMailer } from '../../lib/mail';
import { roleGrantsSql } from '../access/context';

export interface Notice {
  title: string;
  body: string;
  link: string | null;
}

/**
 * Writes the notification for each user (once each) and, with e-mail set up (SMTP_URL, from the application
 * context: lib/app-context.ts), queues the copies and wakes the app's jobs runner.
 */
export async function notify(tx: Db | Tx, userIds: readonly number[], notice: Notice): Promise<void> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return;
  const rows = await tx
    .insert(notifications)
    .values(ids.map((userId) => ({ userId, title: notice.title.slice(0, 200), body: notice.body, link: notice.link })))
    .returning({ id: notifications.id });
  const { mail } = appContext();
  if (mail.enabled) {
    await enqueue(tx as Db, emailNotificationsJob, { ids: rows.map((r) => r.id) });
    queueMicrotask(() => mail.kick());
  }
}

/** The users of an employee record (their sign-ins). */
export async function usersOfEmployee(tx: Db | Tx, employeeId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(tx, sql`select id from users where employee_id = ${employeeId} and is_active`);
  return rows.map((r) => r.id);
}

/**
 * Who may decide a request of `employeeId` in `unitId`: the reporting manager's sign-ins when the employee has one
 * who holds the approve action; otherwise every active user holding it on `menu` and reaching the unit
 * (administrators, or the user-wise unit mapping). Never the employee.
 */
export async function approversOf(tx: Db | Tx, menu: TMenuPath, employeeId: number, unitId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`with e as (select reporting_manager_id as mgr from employees where id = ${employeeId})
        select u.id from users u join roles r on r.id = u.role_id, e
        where u.is_active and coalesce(u.employee_id, 0) <> ${employeeId}
          and ${roleGrantsSql(sql`u.role_id`, [menu], 'approve')}
          and (r.is_admin or exists (select 1 from user_unit_map m where m.user_id = u.id and m.unit_id = ${unitId} and m.is_active))
          and (e.mgr is null or u.employee_id = e.mgr)`,
  );
  return rows.map((r) => r.id);
}

export const emailNotificationsJob = defineJob({
  name: 'requests.emailNotifications',
  schema: z.object({ ids: z.array(z.number().int()) }),
  maxAttempts: 5,
  backoffMs: (attempt) => Math.min(300_000, 15_000 * 2 ** attempt),
  async run(ctx, data, progress) {
    const mailer = openMailer(ctx.config);
    const rows = await queryRows<{ id: number; title: string; body: string; email: string | null }>(
      ctx.db,
      sql`select n.id, n.title, n.body, coalesce(nullif(trim(u.email), ''), nullif(trim(e.email), '')) as email
          from notifications n join users u on u.id = n.user_id left join employees e on e.id = u.employee_id
          where n.id = any(${`{${data.ids.join(',')}}`}::bigint[]) and n.emailed_at is null
          order by n.id`,
    );
    let sent = 0;
    for (const [i, r] of rows.entries()) {
      await progress.set(i, rows.length, `E-mailing ${i + 1} of ${rows.length}`);
      if (!r.email) continue;
      await mailer.send({ to: r.email, subject: r.title, text: r.body });
      await ctx.db.execute(sql`update notifications set emailed_at = now() where id = ${r.id}`);
      sent++;
    }
    mailer.close();
    return { sent, skipped: rows.length - sent };
  },
});

export type TNotificationRow = z.infer<typeof ZNotification>;

export async function listNotifications(db: Db, userId: number, q: { unreadOnly?: boolean; page: number; pageSize: number }) {
  const where = q.unreadOnly ? sql`user_id = ${userId} and read_at is null` : sql`user_id = ${userId}`;
  const [{ total, unread }] = await queryRows<{ total: number; unread: number }>(
    db,
    sql`select count(*) filter (where ${where})::int as total, count(*) filter (where read_at is null)::int as unread
        from notifications where user_id = ${userId}`,
  );
  const rows = await queryRows<{ id: number; title: string; body: string; link: string | null; readAt: Date | null; createdAt: Date }>(
    db,
    sql`select id::float8 as id, title, body, link, read_at as "readAt", created_at as "createdAt" from notifications
        where ${where} order by id desc limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
  );
  return {
    total,
    unread,
    rows: rows.map((r) => ({
      id: Number(r.id),
      title: r.title,
      body: r.body,
      link: r.link,
      readAt: r.readAt ? new Date(r.readAt).toISOString() : null,
      createdAt: new Date(r.createdAt).toISOString(),
    })),
  };
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [r] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from notifications where user_id = ${userId} and read_at is null`,
  );
  return r.n;
}

export async function markRead(db: Db, userId: number, input: { ids?: number[]; all?: boolean }): Promise<number> {
  if (!input.all && !input.ids?.length) return unreadCount(db, userId);
  const which = input.all ? sql`true` : sql`id = any(${`{${input.ids!.join(',')}}`}::bigint[])`;
  await db.execute(sql`update notifications set read_at = now() where user_id = ${userId} and read_at is null and ${which}`);
  return unreadCount(db, userId);
}
