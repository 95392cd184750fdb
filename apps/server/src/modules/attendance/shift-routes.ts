// Rosters, one's own schedule, shift assignments and a shift's details.
import {
  MENU,
  ZAssignment,
  ZAssignResult,
  ZAssignShifts,
  ZAttendanceIdParams,
  ZIdQuery,
  ZRoster,
  ZRosterQuery,
  ZShiftDetails,
  ZShiftDetailsQuery,
} from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orgToday } from '../../lib/org-zone';
import { noContent } from '../../lib/responses';
import { assignShifts, deleteAssignment, listAssignments, rosterOf, shiftDetails } from './shifts';

export const shiftRoutes: FastifyPluginAsyncZod = async (app) => {
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
};
