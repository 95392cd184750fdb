// The ZKTeco / eSSL ADMS "push" protocol's calls under /iclock: each declares its paths, query and access and calls
// one function of exchange.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createStorage, type FileStorage } from '../../lib/storage';
import { handshakeOptions, nextCommand, receiveUpload, recordResults, touchDevice } from './exchange';
import { receivePhoto } from './photos';
import { plainTextAnswers, sendText } from './plain-text';
import { uploadStamp } from './protocol';
import './rules';

type App = Parameters<FastifyPluginAsyncZod>[0];

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
  uploadRoutes(app, createStorage(app.config));
  heartbeatRoutes(app);
};

/** The handshake and the uploads: punch lines, photos, operation logs and the other tables. */
function uploadRoutes(app: App, storage: FileStorage) {
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
      async (request, reply) => sendText(reply, await handshakeOptions(app.db, request.device)),
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
        const table = (request.query.table ?? '').toUpperCase();
        const upload = { table, bytes: bodyBytes(request.body), stamp: uploadStamp(table, request.query), PIN: request.query.PIN };
        const window = {
          now: new Date(),
          clockSkewMinutes: app.config.deviceClockSkewMinutes,
          maxAgeDays: app.config.devicePunchMaxAgeDays,
        };
        return sendText(reply, await receiveUpload(app.db, storage, request.device, upload, window, request.log));
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
}

/** The heartbeats: the last contact, the command queue and the results of commands. */
function heartbeatRoutes(app: App) {
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
        await touchDevice(app.db, request.device.id);
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
      async (request, reply) => sendText(reply, await nextCommand(app.db, request.device.id)),
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
        await recordResults(app.db, request.device.id, bodyBytes(request.body).toString('utf8'));
        return sendText(reply, 'OK');
      },
    );
  }
}
