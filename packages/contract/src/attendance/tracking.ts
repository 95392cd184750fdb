import { z } from 'zod';
import { ZIdQuery } from '../ids';
import { PUNCH_SOURCES } from './common';
import { isoDate } from './fields';

// Tracking: where each employee last punched on a day (the map of located punches).

export const ZTrackingQuery = z.object({ date: isoDate, unitId: ZIdQuery.optional(), departmentId: ZIdQuery.optional() });
export const ZTrackingRow = z.object({
  employeeId: z.number(),
  employeeCode: z.string(),
  name: z.string(),
  unitName: z.string(),
  departmentName: z.string(),
  at: z.string(),
  localTime: z.string(),
  source: z.enum(PUNCH_SOURCES),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  accuracy: z.number().nullable(),
  outsideGeofence: z.boolean(),
  deviceName: z.string().nullable(),
});
export const ZTracking = z.object({
  date: z.string(),
  /** Map tiles URL template ({z}/{x}/{y}); empty: list only. */
  tileUrl: z.string(),
  rows: z.array(ZTrackingRow),
});
