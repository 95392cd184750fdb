// The attendance API: punches (web, phone), the list of punches, one employee's month, a manager's day and
// manual marking, rosters and shift assignments, shift details, regularisation, tracking. The devices screen's
// routes are in device-admin-routes.ts, late punches in late-punch-routes.ts, the reports in the reports module;
// devices themselves call /iclock (modules/devices/routes.ts).
import { addDays, zonedInstant } from '@hr/calendar';
import {
  MENU,
  ZAssignment,
  ZAssignResult,
  ZAssignShifts,
  ZAttendanceDay,
  ZAttendanceIdParams,
  ZDayView,
  ZDayViewQuery,
  ZDecide,
  ZEmployeeMonth,
  ZEmployeeMonthQuery,
  ZIdQuery,
  ZMarkDay,
  ZMobilePunch,
  ZPunch,
  ZPunchesQuery,
  ZPunchResult,
  ZRegularisation,
  ZRegularisationList,
  ZRegularisationQuery,
  ZRegularise,
  ZRoster,
  ZRosterQuery,
  ZShiftDetails,
  ZShiftDetailsQuery,
  ZTracking,
  ZTrackingQuery,
  ZWebPunch,
} from '@hr/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queryRows } from '../../db/client';
import { BadRequest, Conflict, NotFound, UpgradeRequired } from '../../lib/errors';
import { orgToday, orgZone } from '../../lib/org-zone';
import { noContent } from '../../lib/responses';
import { canReachUnit, selfScope, unitScope } from '../access/context';
import { latestApkVersion } from '../apk/routes';
import { computeAttendance } from './compute';
import { deviceAdminRoutes } from './device-admin-routes';
import { latePunchRoutes } from './late-punch-routes';
import { addPunch, listPunches } from './punches';
import { decideRegularisation, listRegularisations, requestRegularisation } from './regularisation';
import { rosterImportRoutes } from './roster-import';
import {
  assignShifts,
  dayView,
  dayViewOf,
  deleteAssignment,
  employeeMonth,
  listAssignments,
  markDay,
  ownEmployeeId,
  reachEmployee,
  rosterOf,
  shiftCodes,
  shiftDetails,
} from './service';

const signedIn = 'signedIn' as const;

export const attendanceApiRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(rosterImportRoutes);
  await app.register(latePunchRoutes);
  await app.register(deviceAdminRoutes);

  /** The punch just stored (or kept apart as late) and the day it falls in, as worked out now. */
  async function punchResult(employeeId: number, stored: { id: number; late: boolean }) {
    const [punch] = await listPunches(app.db, sql`p.id = ${stored.id}`, 1, stored.late ? 'late_punches' : 'punches');
    const today = orgToday();
    const [computed] = await computeAttendance(app.db, { employeeIds: [employeeId] }, today, today, { persist: false });
    const day = computed?.days[0] ?? null;
    return { punch, day: day ? dayView(day, await shiftCodes(app.db)) : null, late: stored.late };
  }

  /** A second punch within PUNCH_MIN_GAP_SECONDS (a minute) is a double tap, not a punch (one kept as late too). */
  async function assertNotJustPunched(employeeId: number) {
    const gap = app.config.punchMinGapSeconds;
    if (gap <= 0) return;
    const [recent] = await queryRows<{ id: number }>(
      app.db,
      sql`select id from punches where employee_id = ${employeeId} and source in ('web', 'mobile')
            and punched_at > now() - make_interval(secs => ${gap})
          union all
          select id from late_punches where employee_id = ${employeeId} and source in ('web', 'mobile')
            and punched_at > now() - make_interval(secs => ${gap})
          limit 1`,
    );
    if (recent) throw new Conflict(gap === 60 ? 'You punched less than a minute ago' : `You punched less than ${gap} seconds ago`);
  }

  app.post(
    '/api/attendance/punches/web',
    {
      config: { access: signedIn },
      schema: {
        tags: ['attendance'],
        summary: "The signed-in employee's punch from the web (the server stamps the time; location when given)",
        body: ZWebPunch,
        response: { 201: ZPunchResult },
      },
    },
    async (request, reply) => {
      const employeeId = ownEmployeeId(request.auth);
      await assertNotJustPunched(employeeId);
      const b = request.body;
      const stored = await addPunch(app.db, {
        employeeId,
        source: 'web',
        direction: b.direction ?? null,
        latitude: b.latitude ?? null,
        longitude: b.longitude ?? null,
        accuracy: b.accuracy ?? null,
        clientDevice: (request.headers['user-agent'] ?? '').slice(0, 80) || null,
        createdBy: request.auth.userId,
      });
      return reply.code(201).send(await punchResult(employeeId, stored));
    },
  );

  app.post(
    '/api/attendance/punches/mobile',
    {
      config: { access: signedIn },
      schema: {
        tags: ['attendance'],
        summary: "The mobile app's punch: location, accuracy, phone id and app version (426 when the app is too old)",
        body: ZMobilePunch,
        response: { 201: ZPunchResult },
      },
    },
    async (request, reply) => {
      const employeeId = ownEmployeeId(request.auth);
      const b = request.body;
      const latest = await latestApkVersion(app.db);
      if (latest && b.appVersion < latest.minSupportedVersionCode) {
        throw new UpgradeRequired(
          `This version of the app is no longer supported: install version ${latest.versionName} (${latest.versionCode}) or later`,
        );
      }
      if (b.latitude === 0 && b.longitude === 0) throw new BadRequest('No location', { latitude: ['The phone sent no location'] });
      await assertNotJustPunched(employeeId);
      const stored = await addPunch(app.db, {
        employeeId,
        source: 'mobile',
        direction: b.direction ?? null,
        latitude: b.latitude,
        longitude: b.longitude,
        accuracy: b.accuracy,
        clientDevice: b.deviceId,
        appVersion: b.appVersion,
        createdBy: request.auth.userId,
      });
      return reply.code(201).send(await punchResult(employeeId, stored));
    },
  );

  app.get(
    '/api/attendance/punches',
    {
      config: { access: signedIn },
      schema: {
        tags: ['attendance'],
        summary: "Punches of an employee over dates (one's own; others' within one's units with the employee attendance screen)",
        querystring: ZPunchesQuery,
        response: { 200: z.array(ZPunch) },
      },
    },
    async (request) => {
      const q = request.query;
      if (q.to < q.from) throw new BadRequest('Invalid dates', { to: ['Must not be before the start date'] });
      if (q.to > addDays(q.from, 92)) throw new BadRequest('Too long a range', { to: ['At most 93 days at a time'] });
      const employeeId = q.employeeId !== undefined ? Number(q.employeeId) : ownEmployeeId(request.auth);
      await reachEmployee(app.db, request.auth, employeeId, MENU.employeeAttendance);
      const tz = orgZone();
      return listPunches(
        app.db,
        sql`p.employee_id = ${employeeId} and p.punched_at >= ${zonedInstant(q.from, 0, tz).toISOString()}::timestamptz
            and p.punched_at < ${zonedInstant(addDays(q.to, 1), 0, tz).toISOString()}::timestamptz`,
      );
    },
  );

  app.get(
    '/api/attendance/month',
    {
      config: { access: signedIn },
      schema: {
        tags: ['attendance'],
        summary: "One employee's month: days, summary and punches (default: one's own)",
        querystring: ZEmployeeMonthQuery,
        response: { 200: ZEmployeeMonth },
      },
    },
    async (request) => {
      const q = request.query;
      const employeeId = q.employeeId !== undefined ? Number(q.employeeId) : ownEmployeeId(request.auth);
      const e = await reachEmployee(app.db, request.auth, employeeId, MENU.employeeAttendance);
      return employeeMonth(app.db, e, q.year, q.month);
    },
  );

  app.get(
    '/api/attendance/day',
    {
      config: { access: { menu: [MENU.attendance, MENU.onOffDuty], action: 'view' } },
      schema: {
        tags: ['attendance'],
        summary: "A manager's day: every employee of the caller's units with the day's status, counts, who is at work now",
        querystring: ZDayViewQuery,
        response: { 200: ZDayView },
      },
    },
    async (request) => dayViewOf(app.db, request.auth, request.query),
  );

  app.put(
    '/api/attendance/day',
    {
      config: { access: { menu: MENU.attendance, action: 'edit' } },
      schema: {
        tags: ['attendance'],
        summary:
          'Marks a day by hand with a remark (audited); status null removes the marking (the day as worked out again, null for today without punches). 409 in a frozen month',
        body: ZMarkDay,
        response: { 200: ZAttendanceDay.nullable() },
      },
    },
    async (request) => markDay(app.db, request.auth, request.body, request.id),
  );

  app.get(
    '/api/attendance/roster',
    {
      config: { access: { menu: MENU.viewShift, action: 'view' } },
      schema: {
        tags: ['attendance'],
        summary: "A month's roster: employees × days with the shift, weekly offs and holidays (self-service: one's own row)",
        querystring: ZRosterQuery,
        response: { 200: ZRoster },
      },
    },
    async (request) => rosterOf(app.db, request.auth, request.query),
  );

  app.get(
    '/api/attendance/me/schedule',
    {
      config: { access: { menu: MENU.myShiftSchedule, action: 'view' } },
      schema: {
        tags: ['attendance'],
        summary: "The signed-in employee's month of shifts",
        querystring: z.object({ year: z.coerce.number().int().min(2000).max(2100), month: z.coerce.number().int().min(1).max(12) }),
        response: { 200: ZRoster },
      },
    },
    async (request) => rosterOf(app.db, request.auth, { ...request.query, page: 1, pageSize: 1 }, true),
  );

  app.get(
    '/api/attendance/assignments',
    {
      config: { access: { menu: MENU.viewShift, action: 'view' } },
      schema: {
        tags: ['attendance'],
        summary: "An employee's shift assignments, newest first",
        querystring: z.object({ employeeId: ZIdQuery }),
        response: { 200: z.array(ZAssignment) },
      },
    },
    async (request) => listAssignments(app.db, request.auth, Number(request.query.employeeId)),
  );

  app.post(
    '/api/attendance/assignments',
    {
      config: { access: { menu: MENU.viewShift, action: 'add' } },
      schema: {
        tags: ['attendance'],
        summary: 'Assigns a shift, a weekly pattern or a rotation to employees (a list, or a unit / department) for dates',
        body: ZAssignShifts,
        response: { 201: ZAssignResult },
      },
    },
    async (request, reply) => reply.code(201).send(await assignShifts(app.db, request.auth, request.body, request.id)),
  );

  app.delete(
    '/api/attendance/assignments/:id',
    {
      config: { access: { menu: MENU.viewShift, action: 'delete' } },
      schema: {
        tags: ['attendance'],
        summary: 'Removes a shift assignment (the days it covered are worked out again)',
        params: ZAttendanceIdParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await deleteAssignment(app.db, request.auth, Number(request.params.id), request.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/attendance/shifts/:id',
    {
      config: { access: { menu: MENU.shiftDetails, action: 'view' } },
      schema: {
        tags: ['attendance'],
        summary: "A shift's rules and who is on it on a date (roster or default shift)",
        params: ZAttendanceIdParams,
        querystring: ZShiftDetailsQuery,
        response: { 200: ZShiftDetails },
      },
    },
    async (request) => {
      const q = request.query;
      const date = q.date ?? orgToday();
      return shiftDetails(
        app.db,
        request.auth,
        Number(request.params.id),
        date,
        q.unitId === undefined ? undefined : Number(q.unitId),
        q.page,
        q.pageSize,
      );
    },
  );

  app.post(
    '/api/attendance/regularisations',
    {
      config: { access: signedIn },
      schema: {
        tags: ['attendance'],
        summary: 'Asks for a correction of a day (missed punch, wrong time), for approval by the reporting manager',
        body: ZRegularise,
        response: { 201: ZRegularisation },
      },
    },
    async (request, reply) => reply.code(201).send(await requestRegularisation(app.db, request.auth, request.body, request.id)),
  );

  app.get(
    '/api/attendance/regularisations',
    {
      config: { access: signedIn },
      schema: {
        tags: ['attendance'],
        summary: "Corrections: one's own, those the caller may decide, or all in reach; pending first",
        querystring: ZRegularisationQuery,
        response: { 200: ZRegularisationList },
      },
    },
    async (request) => listRegularisations(app.db, request.auth, request.query),
  );

  app.post(
    '/api/attendance/regularisations/:id/decide',
    {
      config: { access: signedIn },
      schema: {
        tags: ['attendance'],
        summary:
          'Approves or rejects a correction (a remark to reject), or withdraws it (the requester) / cancels it (an approver, with a reason)',
        params: ZAttendanceIdParams,
        body: ZDecide,
        response: { 200: ZRegularisation },
      },
    },
    async (request) =>
      decideRegularisation(app.db, request.auth, Number(request.params.id), request.body.action, request.body.remark, request.id),
  );

  app.get(
    '/api/attendance/tracking',
    {
      config: { access: { menu: MENU.trackEmployee, action: 'view' } },
      schema: {
        tags: ['attendance'],
        summary: "The last known position and punch of each employee of the caller's units on a date",
        querystring: ZTrackingQuery,
        response: { 200: ZTracking },
      },
    },
    async (request) => {
      const auth = request.auth;
      const q = request.query;
      const unitId = q.unitId === undefined ? undefined : Number(q.unitId);
      if (unitId !== undefined && !canReachUnit(auth, unitId)) throw new NotFound('Unit not found');
      const tz = orgZone();
      const conds = [
        sql`p.punched_at >= ${zonedInstant(q.date, 0, tz).toISOString()}::timestamptz`,
        sql`p.punched_at < ${zonedInstant(addDays(q.date, 1), 0, tz).toISOString()}::timestamptz`,
      ];
      const scope = auth.isSelfService ? selfScope(auth, sql`e.id`) : unitScope(auth, sql`e.unit_id`);
      if (scope) conds.push(scope);
      if (unitId !== undefined) conds.push(sql`e.unit_id = ${unitId}`);
      if (q.departmentId !== undefined) conds.push(sql`e.department_id = ${Number(q.departmentId)}`);
      const rows = await queryRows<Record<string, unknown>>(
        app.db,
        sql`select * from (
              select distinct on (p.employee_id) p.employee_id as "employeeId", e.employee_code as "employeeCode", e.name,
                u.name as "unitName", dp.name as "departmentName", p.punched_at as at,
                to_char(p.punched_at at time zone ${tz}, 'YYYY-MM-DD HH24:MI') as "localTime", p.source,
                p.latitude::float8 as latitude, p.longitude::float8 as longitude, p.accuracy_m as accuracy,
                p.outside_geofence as "outsideGeofence", d.name as "deviceName"
              from punches p join employees e on e.id = p.employee_id join units u on u.id = e.unit_id
              join departments dp on dp.id = e.department_id left join biometric_devices d on d.id = p.device_id
              where ${sql.join(conds, sql` and `)}
              order by p.employee_id, p.punched_at desc) t
            order by t."employeeCode"`,
      );
      return {
        date: q.date,
        tileUrl: app.config.mapTileUrl,
        rows: rows.map((r) => ({ ...r, at: new Date(r.at as string).toISOString() })) as never,
      };
    },
  );
};
