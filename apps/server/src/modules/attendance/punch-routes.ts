// Punches from the browser and the phone (the server stamps the time), and the list of an employee's punches.
import { addDays, zonedInstant } from '@hr/calendar';
import { MENU, ZMobilePunch, ZPunch, ZPunchesQuery, ZPunchResult, ZWebPunch } from '@hr/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BadRequest, Conflict, UpgradeRequired } from '../../lib/errors';
import { orgToday, orgZone } from '../../lib/org-zone';
import { latestApkVersion } from '../apk/routes';
import { computeAttendance } from './compute';
import { addPunch, listPunches, punchedWithin } from './punches';
import { dayView, ownEmployeeId, reachEmployee, shiftCodes } from './service';

const signedIn = 'signedIn' as const;

export const punchRoutes: FastifyPluginAsyncZod = async (app) => {
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
    if (await punchedWithin(app.db, employeeId, gap))
      throw new Conflict(gap === 60 ? 'You punched less than a minute ago' : `You punched less than ${gap} seconds ago`);
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
};
