/**
 * Punches made without a network (issue 29): kept on the phone in IndexedDB with the phone's time, the location and
 * an idempotency key, and sent when the network returns (`flushQueuedPunches`: at start, on the browser's `online`
 * event, every minute while any wait). The server stores each once (a resend with its key is acknowledged), marks it
 * "recorded offline" and checks the phone's time. A punch belongs to the sign-in that made it: another user signed in
 * on the same phone never sends it.
 */
import type { ZPunchResult } from '@hr/contract';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { apiPath } from '@/lib/api-path';
import { ApiError, api } from './api';
import { APP_VERSION_CODE } from './app-version';
import { errorToast } from './toast-store';

export type TPunchResult = z.infer<typeof ZPunchResult>;

export type TQueuedPunch = {
  clientKey: string;
  /** The sign-in that made it (users.id). */
  userId: number;
  direction: 'in' | 'out';
  /** The phone's clock when the punch was made (ISO). */
  punchedAt: string;
  latitude?: number;
  longitude?: number;
  accuracy?: number;
};

const DB_NAME = 'hr-offline';
const STORE = 'punches';

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => {
      if (!req.result.objectStoreNames.contains(STORE)) req.result.createObjectStore(STORE, { keyPath: 'clientKey' });
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('This browser keeps no offline data'));
  });
}

async function inStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDb();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const req = work(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(req.result);
      tx.onerror = () => reject(tx.error ?? req.error);
      tx.onabort = () => reject(tx.error ?? new Error('Aborted'));
    });
  } finally {
    db.close();
  }
}

const listeners = new Set<() => void>();
const changed = () => {
  for (const l of listeners) l();
};

/** A new idempotency key: 32 hex digits (getRandomValues works on plain HTTP too, unlike randomUUID). */
export function newClientKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Keeps a punch on the phone until it can be sent. */
export async function queuePunch(punch: TQueuedPunch): Promise<void> {
  await inStore('readwrite', (s) => s.put(punch));
  changed();
}

/** The punches of this sign-in waiting to be sent, oldest first. */
export async function queuedPunches(userId: number): Promise<TQueuedPunch[]> {
  const all = await inStore<TQueuedPunch[]>('readonly', (s) => s.getAll() as IDBRequest<TQueuedPunch[]>);
  return all.filter((p) => p.userId === userId).sort((a, b) => a.punchedAt.localeCompare(b.punchedAt));
}

async function removeQueued(clientKey: string): Promise<void> {
  await inStore('readwrite', (s) => s.delete(clientKey));
  changed();
}

/** The punches of this sign-in waiting to be sent, kept current. */
export function useQueuedPunches(userId: number | null | undefined): TQueuedPunch[] {
  const [rows, setRows] = useState<TQueuedPunch[]>([]);
  useEffect(() => {
    if (userId == null) return;
    let live = true;
    const load = () => {
      queuedPunches(userId).then(
        (r) => live && setRows(r),
        () => live && setRows([]),
      );
    };
    load();
    listeners.add(load);
    return () => {
      live = false;
      listeners.delete(load);
    };
  }, [userId]);
  return userId == null ? [] : rows;
}

/** The body of a punch, online or sent later. */
export function punchBody(p: Omit<TQueuedPunch, 'userId'>, offline: boolean) {
  return {
    direction: p.direction,
    clientKey: p.clientKey,
    appVersion: APP_VERSION_CODE,
    ...(p.latitude !== undefined && p.longitude !== undefined
      ? { latitude: p.latitude, longitude: p.longitude, accuracy: p.accuracy }
      : {}),
    ...(offline ? { punchedAt: p.punchedAt, sentAt: new Date().toISOString() } : {}),
  };
}

export type TFlushOutcome = {
  sent: { punch: TQueuedPunch; result: TPunchResult }[];
  /** Refused for good by the server (too old, a double tap…): dropped from the phone, with the server's reason. */
  refused: { punch: TQueuedPunch; message: string }[];
  /** Why sending stopped with punches left: no network, the session ended, the app must update, the server failed. */
  stopped: 'network' | 'session' | 'upgrade' | 'server' | null;
};

/** Whether an error means "try again later" (kept), and why; null: the server refused the punch for good. */
function retryReason(error: unknown): TFlushOutcome['stopped'] {
  if (!(error instanceof ApiError)) return 'network';
  if (error.status === 0) return 'network';
  if (error.status === 401) return 'session';
  if (error.status === 426) return 'upgrade';
  if (error.status === 429 || error.status >= 500) return 'server';
  return null;
}

let running: Promise<TFlushOutcome> | null = null;

/** Sends this sign-in's waiting punches, oldest first, one at a time (one run at a time in this page). */
export function flushQueuedPunches(userId: number): Promise<TFlushOutcome> {
  if (running) return running;
  running = (async () => {
    const outcome: TFlushOutcome = { sent: [], refused: [], stopped: null };
    for (const punch of await queuedPunches(userId)) {
      try {
        const result = await api.post<TPunchResult>(apiPath('/api/attendance/punches/web'), punchBody(punch, true), {
          silent: true,
          bypass_log: true,
        });
        outcome.sent.push({ punch, result });
      } catch (error) {
        const reason = retryReason(error);
        if (reason) {
          outcome.stopped = reason;
          break;
        }
        outcome.refused.push({ punch, message: error instanceof Error ? error.message : 'Refused' });
      }
      await removeQueued(punch.clientKey);
    }
    return outcome;
  })().finally(() => {
    running = null;
  });
  return running;
}

export type TPunchOutcome = { queued: false; result: TPunchResult } | { queued: true; punch: TQueuedPunch };

/**
 * The signed-in employee's punch from the browser, made with an idempotency key: sent at once, or — without a network
 * (the browser says it is offline, or the server cannot be reached) — kept on the phone with the time now and sent
 * later. A punch whose answer was lost is sent again with the same key, so it is never stored twice. The server's
 * refusals (a double tap, 426 below the supported version) show their toast and throw.
 */
export async function punchOrKeep(
  userId: number,
  p: { direction: 'in' | 'out'; latitude?: number; longitude?: number; accuracy?: number },
): Promise<TPunchOutcome> {
  const punch: TQueuedPunch = { clientKey: newClientKey(), userId, punchedAt: new Date().toISOString(), ...p };
  if (navigator.onLine === false) {
    await queuePunch(punch);
    return { queued: true, punch };
  }
  try {
    const result = await api.post<TPunchResult>(apiPath('/api/attendance/punches/web'), punchBody(punch, false), { silent: true });
    return { queued: false, result };
  } catch (error) {
    if (error instanceof ApiError && error.status === 0) {
      await queuePunch(punch);
      return { queued: true, punch };
    }
    errorToast(error instanceof Error ? error.message : 'The punch was not stored.');
    throw error;
  }
}
