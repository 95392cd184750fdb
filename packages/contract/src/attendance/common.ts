import { z } from 'zod';
import { ZIdText } from '../ids';

// What every part of the attendance API shares: a day's status codes, where a punch came from, a record's id.

export const DAY_STATUS_CODES = ['P', 'A', 'HD', 'HL', 'L', 'H', 'WO', 'WFH', 'OD'] as const;
export type TDayStatus = (typeof DAY_STATUS_CODES)[number];
/** What a manager may mark by hand (holiday and weekly off come from the calendar and roster). */
export const MARKABLE_STATUSES = ['P', 'A', 'HD', 'L', 'WFH', 'OD'] as const;

export const PUNCH_SOURCES = ['web', 'mobile', 'device', 'manual', 'regularisation'] as const;
export type TPunchSource = (typeof PUNCH_SOURCES)[number];

export const ZAttendanceIdParams = z.object({ id: ZIdText });
