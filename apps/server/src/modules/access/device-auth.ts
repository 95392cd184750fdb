// Who a calling biometric device is (its serial number, key or address), resolved by the access hook for the /iclock routes.
import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { biometricDevices } from '../../db/schema';

/** The calling device, set on `request.device` for 'device' routes. */
export interface DeviceContext {
  id: number;
  serialNumber: string;
  unitId: number;
  /** The units it serves: its own and those of `biometric_device_units`. */
  unitIds: number[];
  timeZone: string;
  lastAttlogStamp: string;
  lastOperlogStamp: string;
  lastAttphotoStamp: string;
  /** Attendance photos: kept with their punch, or acknowledged and dropped. */
  keepPhotos: boolean;
}

export const hashDeviceKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

/** An IPv4 address written inside IPv6 (::ffff:10.1.2.3, as a dual-stack socket reports it) as plain IPv4. */
const plainAddress = (ip: string) => /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1] ?? ip;

/**
 * Reads a list of addresses and ranges (`10.1.2.0/24, 203.0.113.7, 2001:db8::/32`, commas or spaces between):
 * the canonical text to store and the entries that are not an address or range.
 */
export function parseCidrList(text: string): { canonical: string; invalid: string[]; list: BlockList } {
  const list = new BlockList();
  const invalid: string[] = [];
  const kept: string[] = [];
  for (const entry of text.split(/[\s,]+/).filter(Boolean)) {
    const [rawAddress, prefix, ...rest] = entry.split('/');
    const address = plainAddress(rawAddress);
    const family = isIP(address);
    const bits = prefix === undefined ? (family === 6 ? 128 : 32) : /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
    if (!family || rest.length || bits < 0 || bits > (family === 6 ? 128 : 32)) {
      invalid.push(entry);
      continue;
    }
    list.addSubnet(address, bits, family === 6 ? 'ipv6' : 'ipv4');
    kept.push(prefix === undefined ? address : `${address}/${bits}`);
  }
  return { canonical: kept.join(', '), invalid, list };
}

const cidrCache = new Map<string, BlockList>();
/** Whether `ip` lies in the stored list (parsed once per distinct list). */
export function addressAllowed(cidrs: string, ip: string): boolean {
  let list = cidrCache.get(cidrs);
  if (!list) {
    if (cidrCache.size > 1000) cidrCache.clear();
    list = parseCidrList(cidrs).list;
    cidrCache.set(cidrs, list);
  }
  const address = plainAddress(ip);
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

const SERIAL = /^[A-Za-z0-9_-]{1,40}$/;

/**
 * The active device with this serial number, or null: unknown, inactive, its communication key is required and
 * missing or wrong, or it may call only from addresses (`allowed_cidrs`) that `ip` is not among. The key is compared
 * in constant time; one indexed query (the units it serves read in it).
 */
export async function resolveDevice(
  db: Db,
  serial: string | undefined,
  key: string | undefined,
  ip?: string,
): Promise<DeviceContext | null> {
  if (!serial || !SERIAL.test(serial)) return null;
  const [row] = await db
    .select({
      id: biometricDevices.id,
      serialNumber: biometricDevices.serialNumber,
      unitId: biometricDevices.unitId,
      otherUnitIds: sql<number[]>`array(select unit_id from biometric_device_units where device_id = ${biometricDevices.id})`,
      timeZone: biometricDevices.timeZone,
      keyHash: biometricDevices.keyHash,
      allowedCidrs: biometricDevices.allowedCidrs,
      isActive: biometricDevices.isActive,
      lastAttlogStamp: biometricDevices.lastAttlogStamp,
      lastOperlogStamp: biometricDevices.lastOperlogStamp,
      lastAttphotoStamp: biometricDevices.lastAttphotoStamp,
      keepPhotos: biometricDevices.keepPhotos,
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
  if (row.allowedCidrs && !addressAllowed(row.allowedCidrs, ip ?? '')) return null;
  const { keyHash: _k, isActive: _a, allowedCidrs: _c, otherUnitIds, ...device } = row;
  return { ...device, unitIds: [device.unitId, ...(otherUnitIds ?? []).map(Number)] };
}

/**
 * Calls per device per minute, counted in this process (a sliding one-minute window in 6 slots): the first guard, so
 * a misbehaving terminal resending in a tight loop is answered 429 without a database query. The limit over all API
 * nodes is the shared count behind it (access/hooks.ts, `app.shared.hit`).
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
