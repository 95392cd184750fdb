import { z } from 'zod';
import { ZIsoDate } from '../dates';

// Fields the attendance payloads share: dates, clock times, a year and month, a position, a page.

export const isoDate = ZIsoDate('A date (YYYY-MM-DD)');
export const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time (HH:MM)');
export const ZYear = z.coerce.number().int().min(2000).max(2100);
export const ZMonth = z.coerce.number().int().min(1).max(12);
export const latitude = z.number().min(-90).max(90);
export const longitude = z.number().min(-180).max(180);
export const page = {
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
};
