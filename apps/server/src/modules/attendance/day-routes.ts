// One employee's month, a manager's day with manual marking, and where employees punched on a date (tracking).
import {
  MENU,
  ZAttendanceDay,
  ZDayView,
  ZDayViewQuery,
  ZEmployeeMonth,
  ZEmployeeMonthQuery,
  ZMarkDay,
  ZTracking,
  ZTrackingQuery,
} from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dayViewOf, markDay } from './day';
import { employeeMonth, ownEmployeeId, reachEmployee } from './service';
import { trackingOf } from './tracking';

const signedIn = 'signedIn' as const;

export const dayRoutes: FastifyPluginAsyncZod = async (app) => {
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
    async (request) => trackingOf(app.db, request.auth, request.query, app.config.mapTileUrl),
  );
};
