// What the server does for each call of the ADMS push protocol (routes.ts declares the calls): the handshake's
// options, an upload by table, the command queue a heartbeat reads and the results a device reports. Every answer is
// the protocol's plain text.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { biometricDevices, deviceCommands } from '../../db/schema';
import type { FileStorage } from '../../lib/storage';
import type { DeviceContext } from '../access/device-auth';
import { type DeviceTimeWindow, ingestAttlog } from '../attendance/punches';
import { receivePhoto } from './photos';
import { protocolTimeZone } from './protocol';

/** Records the device's last contact. */
export async function touchDevice(db: Db, deviceId: number): Promise<void> {
  await db.update(biometricDevices).set({ lastSeenAt: sql`now()` }).where(eq(biometricDevices.id, deviceId));
}

/**
 * The handshake's options, with the stamps the server has stored so the device sends only what is new, and the
 * device's zone as the protocol writes it.
 */
export async function handshakeOptions(db: Db, d: DeviceContext): Promise<string> {
  await touchDevice(db, d.id);
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
  return `${lines.join('\n')}\n`;
}

export interface Upload {
  /** The table named by the call, upper-case ('' when none). */
  table: string;
  bytes: Buffer;
  /** The upload's stamp (uploadStamp), kept for the device's next handshake. */
  stamp: string | null;
  PIN?: unknown;
}

/**
 * Stores one upload by its table and answers it: ATTLOG punch lines (`OK: n`, the lines accepted), ATTPHOTO (`OK`),
 * the device's options (`OK`), other tables acknowledged with their count of records so the device moves on.
 */
export async function receiveUpload(
  db: Db,
  storage: FileStorage,
  d: DeviceContext,
  upload: Upload,
  window: DeviceTimeWindow,
  log: { info(details: object, message: string): void },
): Promise<string> {
  const { table, bytes, stamp } = upload;
  if (table === 'ATTPHOTO') {
    await receivePhoto(db, storage, d, bytes, { PIN: upload.PIN, stamp });
    return 'OK';
  }
  const body = bytes.toString('utf8');
  if (table === 'ATTLOG') {
    const r = await ingestAttlog(db, d, body, stamp, window);
    if (r.malformed || r.unmatched || r.late || r.refusedFuture || r.refusedOld || r.outsideUnits) {
      log.info({ ...r }, 'device batch with skipped, refused, unmatched or late lines');
    }
    return `OK: ${r.accepted}`;
  }
  await db
    .update(biometricDevices)
    .set({ lastSeenAt: sql`now()`, ...(table === 'OPERLOG' && stamp ? { lastOperlogStamp: stamp } : {}) })
    .where(eq(biometricDevices.id, d.id));
  // The device's own options (table=options): acknowledged with OK.
  if (table === 'OPTIONS') return 'OK';
  // OPERLOG, user and template tables: acknowledged with the count of records so the device moves on.
  const count = body.split(/\r?\n/).filter((l) => l.trim() !== '').length;
  return `OK: ${count}`;
}

/** The oldest queued command for the device, marked sent (`C:{id}:{command}`), or OK; records the contact. */
export async function nextCommand(db: Db, deviceId: number): Promise<string> {
  return db.transaction(async (tx) => {
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
export async function recordResults(db: Db, deviceId: number, body: string): Promise<void> {
  for (const line of body.split(/\r?\n/)) {
    const fields = new URLSearchParams(line.trim());
    const id = Number(fields.get('ID'));
    const ret = Number(fields.get('Return'));
    if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647 || !Number.isFinite(ret)) continue;
    await db
      .update(deviceCommands)
      .set({ status: ret >= 0 ? 'done' : 'failed', returnCode: Math.trunc(ret), result: line.slice(0, 2000), doneAt: sql`now()` })
      .where(and(eq(deviceCommands.id, id), eq(deviceCommands.deviceId, deviceId)));
  }
}
