import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { biometricDevices, deviceCommands } from '../../db/schema';
import { ingestAttlog } from '../attendance/punches';
import './rules';

/** Every call of the ADMS push protocol names the device; terminals add fields of their own (INFO, pushver…). */
export const ZDeviceQuery = z.looseObject({ SN: z.string().max(40) });
const ZCdataQuery = z.looseObject({ SN: z.string().max(40), table: z.string().max(40).optional(), Stamp: z.string().max(40).optional() });

const text = z.string();
const STAMP = /^[0-9]{1,20}$/;

/** The zone's offset from UTC in hours, as terminals take it (Asia/Kolkata: 5.5). */
function zoneHours(timeZone: string): string {
  const p = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'longOffset' }).formatToParts(new Date());
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(p.find((x) => x.type === 'timeZoneName')?.value ?? '');
  if (!m) return '0';
  const h = Number(m[2]) + Number(m[3]) / 60;
  return `${m[1] === '-' ? '-' : ''}${h}`;
}

/**
 * The ZKTeco / eSSL ADMS "push" protocol, served outside /api at the fixed paths terminals call. A device
 * is let in by the access guard only when its serial number is registered and active (403 otherwise, nothing
 * stored). Punch lines are stored before the answer `OK: n`, so a device that gets no answer resends and the
 * duplicates are stored once.
 */
export const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  // Terminals post plain text, often with no or an odd content type: read every body here as text.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4 * 1024 * 1024 }, (_request, body, done) => done(null, body));

  app.get(
    '/iclock/cdata',
    {
      config: { access: 'device' },
      schema: {
        tags: ['devices'],
        summary: 'Device handshake: the options, with the stamps the server has stored so the device sends only what is new',
        querystring: ZCdataQuery,
        response: { 200: text },
      },
    },
    async (request, reply) => {
      const d = request.device;
      await app.db.update(biometricDevices).set({ lastSeenAt: sql`now()` }).where(eq(biometricDevices.id, d.id));
      const lines = [
        `GET OPTION FROM: ${d.serialNumber}`,
        `ATTLOGStamp=${d.lastAttlogStamp}`,
        `OPERLOGStamp=${d.lastOperlogStamp}`,
        'ATTPHOTOStamp=None',
        'ErrorDelay=30',
        'Delay=10',
        'TransTimes=00:00;14:05',
        'TransInterval=1',
        'TransFlag=1111000000',
        'Realtime=1',
        'Encrypt=0',
        `TimeZone=${zoneHours(d.timeZone)}`,
      ];
      return reply.type('text/plain').send(`${lines.join('\n')}\n`);
    },
  );

  app.post(
    '/iclock/cdata',
    {
      config: { access: 'device' },
      schema: {
        tags: ['devices'],
        summary:
          'Device upload: ATTLOG punch lines are stored (duplicates once, malformed lines skipped; lines for days of an approved or locked salary month kept apart as late punches; lines timed in the future or beyond DEVICE_PUNCH_MAX_AGE_DAYS refused and counted) and acknowledged with OK: n',
        querystring: ZCdataQuery,
        response: { 200: text },
      },
    },
    async (request, reply) => {
      const d = request.device;
      const table = (request.query.table ?? '').toUpperCase();
      const body = typeof request.body === 'string' ? request.body : '';
      const stamp = request.query.Stamp && STAMP.test(request.query.Stamp) ? request.query.Stamp : null;
      if (table === 'ATTLOG') {
        const r = await ingestAttlog(app.db, d, body, stamp, {
          now: new Date(),
          clockSkewMinutes: app.config.deviceClockSkewMinutes,
          maxAgeDays: app.config.devicePunchMaxAgeDays,
        });
        if (r.malformed || r.unmatched || r.late || r.refusedFuture || r.refusedOld || r.outsideUnits) {
          request.log.info({ ...r }, 'device batch with skipped, refused, unmatched or late lines');
        }
        return reply.type('text/plain').send(`OK: ${r.accepted}`);
      }
      // OPERLOG, user and photo tables: acknowledged (their stamp kept) so the device moves on.
      const count = body.split(/\r?\n/).filter((l) => l.trim() !== '').length;
      await app.db
        .update(biometricDevices)
        .set({ lastSeenAt: sql`now()`, ...(table === 'OPERLOG' && stamp ? { lastOperlogStamp: stamp } : {}) })
        .where(eq(biometricDevices.id, d.id));
      return reply.type('text/plain').send(`OK: ${count}`);
    },
  );

  app.get(
    '/iclock/getrequest',
    {
      config: { access: 'device' },
      schema: {
        tags: ['devices'],
        summary: 'Device heartbeat: records the last contact, answers OK or the oldest queued command (C:{id}:{command})',
        querystring: ZDeviceQuery,
        response: { 200: text },
      },
    },
    async (request, reply) => {
      const d = request.device;
      const answer = await app.db.transaction(async (tx) => {
        await tx.update(biometricDevices).set({ lastSeenAt: sql`now()` }).where(eq(biometricDevices.id, d.id));
        const [cmd] = await tx
          .select({ id: deviceCommands.id, command: deviceCommands.command })
          .from(deviceCommands)
          .where(and(eq(deviceCommands.deviceId, d.id), eq(deviceCommands.status, 'queued')))
          .orderBy(asc(deviceCommands.id))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!cmd) return 'OK';
        await tx.update(deviceCommands).set({ status: 'sent', sentAt: sql`now()` }).where(eq(deviceCommands.id, cmd.id));
        return `C:${cmd.id}:${cmd.command}`;
      });
      return reply.type('text/plain').send(answer);
    },
  );

  app.post(
    '/iclock/devicecmd',
    {
      config: { access: 'device' },
      schema: {
        tags: ['devices'],
        summary: "Device's results of commands: lines ID={id}&Return={code}&CMD={command} are recorded",
        querystring: ZDeviceQuery,
        response: { 200: text },
      },
    },
    async (request, reply) => {
      const d = request.device;
      const body = typeof request.body === 'string' ? request.body : '';
      for (const line of body.split(/\r?\n/)) {
        const fields = new URLSearchParams(line.trim());
        const id = Number(fields.get('ID'));
        const ret = Number(fields.get('Return'));
        if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647 || !Number.isFinite(ret)) continue;
        await app.db
          .update(deviceCommands)
          .set({ status: ret >= 0 ? 'done' : 'failed', returnCode: Math.trunc(ret), result: line.slice(0, 2000), doneAt: sql`now()` })
          .where(and(eq(deviceCommands.id, id), eq(deviceCommands.deviceId, d.id)));
      }
      return reply.type('text/plain').send('OK');
    },
  );
};
