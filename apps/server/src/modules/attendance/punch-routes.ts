// Punches from the browser and the phone (the server stamps the time, or checks the phone's for a punch made offline;
// app-punches.ts), and the list of an employee's punches.
import { addDays } from '@hr/calendar';
import { MENU, ZMobilePunch, ZPunch, ZPunchesQuery, ZPunchResult, ZWebPunch } from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BadRequest } from '../../lib/errors';
import { type AppPunchRules, appPunchResult, storeAppPunch } from './app-punches';
import { employeePunches } from './punches';
import { ownEmployeeId, reachEmployee } from './service';

const signedIn = 'signedIn' as const;

export const punchRoutes: FastifyPluginAsyncZod = async (app) => {
  const rules = (): AppPunchRules => ({
    clockSkewMinutes: app.config.deviceClockSkewMinutes,
    maxAgeDays: app.config.devicePunchMaxAgeDays,
    minGapSeconds: app.config.punchMinGapSeconds,
  });

  app.post(
    '/api/attendance/punches/web',
    {
      config: { access: signedIn },
      schema: {
        tags: ['attendance'],
        summary:
          "The signed-in employee's punch from the web (the server stamps the time; location when given). With clientKey a resend " +
          "is stored once (200, duplicate); with punchedAt and sentAt it was made offline (the phone's time, checked)",
        body: ZWebPunch,
        response: { 200: ZPunchResult, 201: ZPunchResult },
      },
    },
    async (request, reply) => {
      const employeeId = ownEmployeeId(request.auth);
      const b = request.body;
      const stored = await storeAppPunch(app.db, rules(), b, {
        employeeId,
        source: 'web',
        latitude: b.latitude ?? null,
        longitude: b.longitude ?? null,
        accuracy: b.accuracy ?? null,
        clientDevice: (request.headers['user-agent'] ?? '').slice(0, 80) || null,
        appVersion: b.appVersion ?? null,
        createdBy: request.auth.userId,
      });
      return reply.code(stored.duplicate ? 200 : 201).send(await appPunchResult(app.db, employeeId, stored));
    },
  );

  app.post(
    '/api/attendance/punches/mobile',
    {
      config: { access: signedIn },
      schema: {
        tags: ['attendance'],
        summary:
          "The mobile app's punch: location, accuracy, phone id and app version (426 when the app is too old); clientKey, " +
          'punchedAt and sentAt as for the web punch',
        body: ZMobilePunch,
        response: { 200: ZPunchResult, 201: ZPunchResult },
      },
    },
    async (request, reply) => {
      const employeeId = ownEmployeeId(request.auth);
      const b = request.body;
      if (b.latitude === 0 && b.longitude === 0) throw new BadRequest('No location', { latitude: ['The phone sent no location'] });
      const stored = await storeAppPunch(app.db, rules(), b, {
        employeeId,
        source: 'mobile',
        latitude: b.latitude,
        longitude: b.longitude,
        accuracy: b.accuracy,
        clientDevice: b.deviceId,
        appVersion: b.appVersion,
        createdBy: request.auth.userId,
      });
      return reply.code(stored.duplicate ? 200 : 201).send(await appPunchResult(app.db, employeeId, stored));
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
      return employeePunches(app.db, employeeId, q.from, q.to);
    },
  );
};
