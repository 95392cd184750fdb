import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { biometricDevices, deviceCommands } from '../../db/schema';
import { AppError, TooManyRequests } from '../../lib/errors';
import { createStorage } from '../../lib/storage';
import { ingestAttlog } from '../attendance/punches';
import { receivePhoto } from './photos';
import { protocolTimeZone, uploadStamp } from './protocol';
import './rules';

/** Every call of the ADMS push protocol names the device; terminals add fields of their own (INFO, pushver…). */
export const ZDeviceQuery = z.looseObject({ SN: z.string().max(40) });
const ZCdataQuery = z.looseObject({
  SN: z.string().max(40),
  table: z.string().max(40).optional(),
  Stamp: z.string().max(40).optional(),
  OpStamp: z.string().max(40).optional(),
});
const ZPhotoQuery = z.looseObject({ SN: z.string().max(40), Stamp: z.string().max(40).optional(), PIN: z.string().max(80).optional() });

/** The protocol answers in plain text; declared so for the API document. */
const text = z.string().describe('text/plain: the protocol answer (OK, OK: n, options or a command)');
const tags = ['devices'];

/**
 * The paths a terminal may use for each call: some eSSL firmware appends `.aspx` (a trailing slash is taken by the
 * router's ignoreTrailingSlash).
 */
const paths = (name: string) => [`/${name}`, `/${name}.aspx`];
/** The summary of a path, or of its .aspx twin. */
const about = (url: string, summary: string) =>
  url.endsWith('.aspx') ? `As /iclock${url.slice(0, -5)}, at the path some eSSL firmware calls` : summary;

/** A device's body as bytes (photos are binary), and as text for the line-based tables. */
const bodyBytes = (body: unknown): Buffer => (Buffer.isBuffer(body) ? body : Buffer.from(typeof body === 'string' ? body : ''));

function sendText(reply: FastifyReply, body: string) {
  return reply.type('text/plain; charset=utf-8').send(body);
}

/**
 * Everything under /iclock answers in the protocol's plain text: an error as `ERROR: …` with its status (403 unknown
 * device, 429 too many calls, 400 a malformed call, 404 an unknown path), never the web app's page or a JSON body.
 * Replies carry the HTTP Date header in GMT, which terminals set their clock from (the protocol marks it required).
 */
function plainTextAnswers(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('date', new Date().toUTCString());
    return payload;
  });
  app.setErrorHandler((err: FastifyError, request, reply) => {
    let status = typeof err.statusCode === 'number' && err.statusCode >= 400 ? err.statusCode : 500;
    if (err.validation) status = 400;
    if ((err as unknown) instanceof TooManyRequests && (err as unknown as TooManyRequests).retryAfterSeconds) {
      reply.header('retry-after', String((err as unknown as TooManyRequests).retryAfterSeconds));
    }
    if (status >= 500) request.log.error({ err }, 'device call failed');
    const message =
      status >= 500
        ? `server error (request ${request.id})`
        : (err as unknown) instanceof AppError || status !== 400
          ? err.message
          : 'malformed request';
    return reply.code(status).type('text/plain; charset=utf-8').send(`ERROR: ${message}`);
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .type('text/plain; charset=utf-8')
      .send(`ERROR: no such device call: ${request.method} ${request.url.split('?')[0]}`),
  );
}

/**
 * The ZKTeco / eSSL ADMS "push" protocol, served outside /api at the fixed paths terminals call. A device
 * is let in by the access guard only when its serial number is registered and active (403 otherwise, nothing
 * stored). Punch lines are stored before the answer `OK: n`, so a device that gets no answer resends and the
 * duplicates are stored once.
 */
export const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(iclockRoutes, { prefix: '/iclock' });
};

const iclockRoutes: FastifyPluginAsyncZod = async (app) => {
  // Terminals post plain text or a photo, often with no or an odd content type: read every body here as bytes.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 4 * 1024 * 1024 }, (_request, body, done) => done(null, body));
  plainTextAnswers(app);
  const storage = createStorage(app.config);
  const touch = (id: number) => app.db.update(biometricDevices).set({ lastSeenAt: sql`now()` }).where(eq(biometricDevices.id, id));

  for (const url of paths('cdata')) {
    app.get(
      url,
      {
        config: { access: 'device' },
        schema: {
          tags,
          summary: about(
            url,
            'Device handshake: the options, with the stamps the server has stored (ATTLOGStamp, OPERLOGStamp, ATTPHOTOStamp) so the device sends only what is new, and TimeZone as the protocol defines it (hours, or minutes for a half- or quarter-hour zone: 330 for India)',
          ),
          querystring: ZCdataQuery,
          produces: ['text/plain'],
          response: { 200: text },
        },
      },
      async (request, reply) => {
        const d = request.device;
        await touch(d.id);
        const lines = [
          `GET OPTION FROM: ${d.serialNumber}`,
          `ATTLOGStamp=${d.lastAttlogStamp}`,
          `OPERLOGStamp=${d.lastOperlogStamp}`,
          `ATTPHOTOStamp=${d.lastAttphotoStamp}`,
          'ErrorDelay=30',
          'Delay=10',
          'TransTimes=00:00;14:05',
          'TransInterval=1',
          'TransFlag=1111000000',
          'Realtime=1',
          'Encrypt=0',
          `TimeZone=${protocolTimeZone(d.timeZone)}`,
        ];
        return sendText(reply, `${lines.join('\n')}\n`);
      },
    );
  }

  for (const url of paths('cdata')) {
    app.post(
      url,
      {
        config: { access: 'device' },
        schema: {
          tags,
          summary: about(
            url,
            'Device upload by table: ATTLOG punch lines are stored (duplicates once, malformed lines skipped; lines for days of an approved or locked salary month kept apart as late punches; lines timed in the future or beyond DEVICE_PUNCH_MAX_AGE_DAYS refused and counted) and acknowledged with OK: n; ATTPHOTO photos are kept with their punch (or dropped when the device is set so) and acknowledged with OK; OPERLOG (stamp OpStamp or Stamp), USERINFO, BIODATA and others are acknowledged with OK: n and their stamp kept; options with OK',
          ),
          querystring: ZCdataQuery,
          produces: ['text/plain'],
          response: { 200: text },
        },
      },
      async (request, reply) => {
        const d = request.device;
        const table = (request.query.table ?? '').toUpperCase();
        const bytes = bodyBytes(request.body);
        const stamp = uploadStamp(table, request.query);
        if (table === 'ATTPHOTO') {
          await receivePhoto(app.db, storage, d, bytes, { PIN: request.query.PIN, stamp });
          return sendText(reply, 'OK');
        }
        const body = bytes.toString('utf8');
        if (table === 'ATTLOG') {
          const r = await ingestAttlog(app.db, d, body, stamp, {
            now: new Date(),
            clockSkewMinutes: app.config.deviceClockSkewMinutes,
            maxAgeDays: app.config.devicePunchMaxAgeDays,
          });
          if (r.malformed || r.unmatched || r.late || r.refusedFuture || r.refusedOld || r.outsideUnits) {
            request.log.info({ ...r }, 'device batch with skipped, refused, unmatched or late lines');
          }
          return sendText(reply, `OK: ${r.accepted}`);
        }
        await app.db
          .update(biometricDevices)
          .set({ lastSeenAt: sql`now()`, ...(table === 'OPERLOG' && stamp ? { lastOperlogStamp: stamp } : {}) })
          .where(eq(biometricDevices.id, d.id));
        // The device's own options (table=options): acknowledged with OK.
        if (table === 'OPTIONS') return sendText(reply, 'OK');
        // OPERLOG, user and template tables: acknowledged with the count of records so the device moves on.
        const count = body.split(/\r?\n/).filter((l) => l.trim() !== '').length;
        return sendText(reply, `OK: ${count}`);
      },
    );
  }

  for (const url of paths('fdata')) {
    app.post(
      url,
      {
        config: { access: 'device' },
        schema: {
          tags,
          summary: about(
            url,
            'Attendance photo upload of older firmware (table=ATTPHOTO, CMD=uploadphoto with the JPEG after a NUL): kept with its punch, or dropped when the device is set so; acknowledged with OK',
          ),
          querystring: ZPhotoQuery,
          produces: ['text/plain'],
          response: { 200: text },
        },
      },
      async (request, reply) => {
        const stamp = uploadStamp('ATTPHOTO', request.query);
        await receivePhoto(app.db, storage, request.device, bodyBytes(request.body), { PIN: request.query.PIN, stamp });
        return sendText(reply, 'OK');
      },
    );
  }

  for (const url of paths('ping')) {
    app.get(
      url,
      {
        config: { access: 'device' },
        schema: {
          tags,
          summary: about(url, 'Heartbeat during a long upload: records the last contact, answers OK'),
          querystring: ZDeviceQuery,
          produces: ['text/plain'],
          response: { 200: text },
        },
      },
      async (request, reply) => {
        await touch(request.device.id);
        return sendText(reply, 'OK');
      },
    );
  }

  for (const url of paths('getrequest')) {
    app.get(
      url,
      {
        config: { access: 'device' },
        schema: {
          tags,
          summary: about(url, 'Device heartbeat: records the last contact, answers OK or the oldest queued command (C:{id}:{command})'),
          querystring: ZDeviceQuery,
          produces: ['text/plain'],
          response: { 200: text },
        },
      },
      async (request, reply) => sendText(reply, await nextCommand(app, request.device.id)),
    );
  }

  for (const url of paths('devicecmd')) {
    app.post(
      url,
      {
        config: { access: 'device' },
        schema: {
          tags,
          summary: about(url, "Device's results of commands: lines ID={id}&Return={code}&CMD={command} are recorded; answers OK"),
          querystring: ZDeviceQuery,
          produces: ['text/plain'],
          response: { 200: text },
        },
      },
      async (request, reply) => {
        await recordResults(app, request.device.id, bodyBytes(request.body).toString('utf8'));
        return sendText(reply, 'OK');
      },
    );
  }
};

/** The oldest queued command for the device, marked sent (`C:{id}:{command}`), or OK. */
async function nextCommand(app: FastifyInstance, deviceId: number): Promise<string> {
  return app.db.transaction(async (tx) => {
    await tx.update(biometricDevices).set({ lastSeenAt: sql`now()` }).where(eq(biometricDevices.id, deviceId));
    const [cmd] = await tx
      .select({ id: deviceCommands.id, command: deviceCommands.command })
      .from(deviceCommands)
      .where(and(eq(deviceCommands.deviceId, deviceId), eq(deviceCommands.status, 'queued')))
      .orderBy(asc(deviceCommands.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!cmd) return 'OK';
    await tx.update(deviceCommands).set({ status: 'sent', sentAt: sql`now()` }).where(eq(deviceCommands.id, cmd.id));
    return `C:${cmd.id}:${cmd.command}`;
  });
}

/** Records the command results a device reports; lines naming no command of this device (or not ours) are passed over. */
async function recordResults(app: FastifyInstance, deviceId: number, body: string) {
  for (const line of body.split(/\r?\n/)) {
    const fields = new URLSearchParams(line.trim());
    const id = Number(fields.get('ID'));
    const ret = Number(fields.get('Return'));
    if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647 || !Number.isFinite(ret)) continue;
    await app.db
      .update(deviceCommands)
      .set({ status: ret >= 0 ? 'done' : 'failed', returnCode: Math.trunc(ret), result: line.slice(0, 2000), doneAt: sql`now()` })
      .where(and(eq(deviceCommands.id, id), eq(deviceCommands.deviceId, deviceId)));
  }
}
