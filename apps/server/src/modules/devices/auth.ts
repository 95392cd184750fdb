import { createHash, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { biometricDevices } from '../../db/schema';

/** The calling device, set on `request.device` for 'device' routes. */
export interface DeviceContext {
  id: number;
  serialNumber: string;
  unitId: number;
  timeZone: string;
  lastAttlogStamp: string;
  lastOperlogStamp: string;
}

export const hashDeviceKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

const SERIAL = /^[A-Za-z0-9_-]{1,40}$/;

/**
 * The active device with this serial number, or null: unknown, inactive, or its communication key is
 * required and missing or wrong. Compared in constant time; one indexed query.
 */
export async function resolveDevice(db: Db, serial: string | undefined, key: string | undefined): Promise<DeviceContext | null> {
  if (!serial || !SERIAL.test(serial)) return null;
  const [row] = await db
    .select({
      id: biometricDevices.id,
      serialNumber: biometricDevices.serialNumber,
      unitId: biometricDevices.unitId,
      timeZone: biometricDevices.timeZone,
      keyHash: biometricDevices.keyHash,
      isActive: biometricDevices.isActive,
      lastAttlogStamp: biometricDevices.lastAttlogStamp,
      lastOperlogStamp: biometricDevices.lastOperlogStamp,
    })
    .from(biometricDevices)
    .where(eq(biometricDevices.serialNumber, serial))
    .limit(1);
  if (!row?.isActive) return null;
  if (row.keyHash) {
    if (!key) return null;
    const given = Buffer.from(hashDeviceKey(key), 'hex');
    const stored = Buffer.from(row.keyHash, 'hex');
    if (given.length !== stored.length || !timingSafeEqual(given, stored)) return null;
  }
  const { keyHash: _k, isActive: _a, ...device } = row;
  return device;
}

/**
 * Calls per device per minute, counted in this process (a sliding one-minute window in 6 slots). A
 * misbehaving terminal resending in a tight loop is answered 429 without a database query; several API
 * processes each allow the limit, which is what keeps this cheap.
 */
export class DeviceRateLimiter {
  private readonly windows = new Map<string, { slot: number; counts: number[] }>();
  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a call; false when the device is over its limit. */
  take(serial: string): boolean {
    const slot = Math.floor(this.now() / 10_000);
    let w = this.windows.get(serial);
    if (!w) {
      if (this.windows.size > 50_000) this.windows.clear(); // bounded memory under a flood of invented serials
      w = { slot, counts: [0, 0, 0, 0, 0, 0] };
      this.windows.set(serial, w);
    }
    const gap = Math.min(6, slot - w.slot);
    for (let i = 1; i <= gap; i++) w.counts[(w.slot + i) % 6] = 0;
    w.slot = slot;
    const total = w.counts.reduce((a, b) => a + b, 0);
    if (total >= this.perMinute) return false;
    w.counts[slot % 6]++;
    return true;
  }
}
