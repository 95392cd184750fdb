import { z } from 'zod';
import { ZIdQuery } from '../ids';
import { PUNCH_SOURCES } from './common';
import { ZMonth, ZYear } from './fields';

// Biometric devices' status, their unmatched PINs, and the late punches kept apart for frozen salary months.

export const ZDeviceStatus = z.object({
  id: z.number(),
  serialNumber: z.string(),
  name: z.string(),
  unitId: z.number(),
  unitName: z.string(),
  timeZone: z.string(),
  active: z.boolean(),
  lastSeenAt: z.string().nullable(),
  lastStamp: z.string(),
  punchesToday: z.number(),
  unmatchedToday: z.number(),
  /** The other units it serves (biometric device master: "Also serves units"). */
  otherUnitNames: z.array(z.string()),
  /** Neither a communication key nor allowed addresses: anyone who knows the serial number can post punches as it. */
  unprotected: z.boolean(),
  /** Lines refused for their time (acknowledged, not stored): ahead of the server's clock / older than the window. */
  refusedFuture: z.number(),
  refusedOld: z.number(),
  lastRefusedAt: z.string().nullable(),
  /** Its lines kept apart as late punches (their months' salaries are approved or locked), waiting to be applied. */
  latePunches: z.number(),
});
export const ZUnmatchedPin = z.object({
  devicePin: z.string(),
  deviceSerial: z.string(),
  deviceName: z.string(),
  punches: z.number(),
  first: z.string(),
  last: z.string(),
});
export const ZMapPin = z.object({
  devicePin: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,20}$/),
  employeeId: z.number().int().positive(),
});
export const ZMapPinResult = z.object({
  mapped: z.number(),
  /** Of those, kept apart as late punches: their days' salary months are approved or locked. */
  late: z.number().optional(),
});

// ---- late punches ----

/** A punch that arrived for a day whose salary month was already approved or locked: kept apart, counted nowhere. */
export const ZLatePunch = z.object({
  id: z.number(),
  employeeId: z.number(),
  employeeCode: z.string(),
  employeeName: z.string(),
  unitId: z.number(),
  unitName: z.string(),
  /** The date it falls on, in the organisation's time zone. */
  day: z.string(),
  punchedAt: z.string(),
  localTime: z.string(),
  source: z.enum(PUNCH_SOURCES),
  direction: z.enum(['in', 'out']).nullable(),
  deviceSerial: z.string().nullable(),
  deviceName: z.string().nullable(),
  devicePin: z.string().nullable(),
  remark: z.string().nullable(),
  /** When it reached the server. */
  arrivedAt: z.string(),
});
export type TLatePunch = z.infer<typeof ZLatePunch>;
export const ZLatePunchesQuery = z.object({
  unitId: ZIdQuery.optional(),
  employeeId: ZIdQuery.optional(),
  year: ZYear.optional(),
  month: ZMonth.optional(),
});
/** Applies the late punches (of a unit / month) whose months are open again; those still frozen stay. */
export const ZApplyLatePunches = z.object({
  unitId: z.number().int().positive().optional(),
  year: z.number().int().min(2000).max(2100),
  month: z.number().int().min(1).max(12),
});
export const ZApplyLatePunchesResult = z.object({ applied: z.number(), stillFrozen: z.number() });
