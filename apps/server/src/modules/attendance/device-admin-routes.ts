// The devices screen's API for administrators and the payroll office: the biometric devices of the caller's units with
// their status (last contact, punches today, unmatched and refused lines), the unmatched PINs and mapping one to an
// employee (its punches then count, or are kept as late punches for frozen days), and the command queue a device
// reads on its next heartbeat. The work: device-status.ts, pin-mapping.ts, device-commands.ts. The devices themselves
// talk to /iclock (modules/devices).
import { MENU, ZAttendanceIdParams, ZDeviceStatus, ZMapPin, ZMapPinResult, ZUnmatchedPin, zLine } from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queueDeviceCommand } from './device-commands';
import { deviceStatuses, unmatchedPins } from './device-status';
import { mapDevicePin } from './pin-mapping';

/** The devices with their status, and the unmatched PINs. */
const deviceStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/attendance/devices',
    {
      config: { access: { menu: [MENU.biometricDevice, MENU.attendance], action: 'view' } },
      schema: {
        tags: ['attendance'],
        summary:
          "Each device serving the caller's units: last contact, stamp, punches received today and unmatched ones, lines refused for their time, late punches waiting, and whether it is unprotected (no key, no allowed addresses)",
        response: { 200: z.array(ZDeviceStatus) },
      },
    },
    async (request) => deviceStatuses(app.db, request.auth),
  );

  app.get(
    '/api/attendance/unmatched',
    {
      config: { access: { menu: [MENU.biometricDevice, MENU.attendance], action: 'view' } },
      schema: {
        tags: ['attendance'],
        summary: "Device PINs that match no employee (their punches are kept), per device of the caller's units",
        response: { 200: z.array(ZUnmatchedPin) },
      },
    },
    async (request) => unmatchedPins(app.db, request.auth),
  );
};

/** Mapping an unmatched PIN to an employee: its punches count for them (late punches for frozen days). */
const mapPinRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/attendance/unmatched/map',
    {
      config: { access: { menu: [MENU.biometricDevice, MENU.attendance], action: 'edit' } },
      schema: {
        tags: ['attendance'],
        summary: "Maps a device PIN to an employee: the PIN becomes the employee's device user id and the kept punches are theirs",
        body: ZMapPin,
        response: { 200: ZMapPinResult },
      },
    },
    async (request) => mapDevicePin(app.db, request.auth, request.body, request.id),
  );
};

/** The biometric device screen's command queue, read by devices on their next heartbeat. */
const deviceCommandRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/attendance/devices/:id/commands',
    {
      config: { access: { menu: MENU.biometricDevice, action: 'edit' } },
      schema: {
        tags: ['attendance'],
        summary: 'Queues a command for a device (sent as C:{id}:{command} on its next heartbeat), e.g. DATA QUERY ATTLOG StartTime=…',
        params: ZAttendanceIdParams,
        // One line: the device reads the protocol line by line, a line break would smuggle in a second command.
        body: z.object({ command: zLine().min(1).max(500) }),
        response: { 201: z.object({ id: z.number() }) },
      },
    },
    async (request, reply) => {
      const id = await queueDeviceCommand(app.db, request.auth, Number(request.params.id), request.body.command, request.id);
      return reply.code(201).send({ id });
    },
  );
};

export const deviceAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(deviceStatusRoutes);
  await app.register(mapPinRoutes);
  await app.register(deviceCommandRoutes);
};
