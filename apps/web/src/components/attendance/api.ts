// The punch calls several screens share (My Attendance, the employee's dashboard, the manager's day view): the
// punches of an employee over dates, and the signed-in employee's punch from the browser.
import type { TPunch, ZPunchResult } from '@hr/contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';

export type { TPunch };
export type TPunchResult = z.infer<typeof ZPunchResult>;
export type TWebPunch = { direction?: 'in' | 'out'; latitude?: number; longitude?: number; accuracy?: number };

/** Every attendance query's key starts so: a punch invalidates them all. */
export const ATTENDANCE_QUERY_ROOT = ['attendance'] as const;

/** The key of an employee's (null: the signed-in employee's) punches over dates. */
export const punchesKey = (employeeId: number | null, from: string, to: string) =>
  [...ATTENDANCE_QUERY_ROOT, 'punches', employeeId ?? 'me', from, to] as const;

/** The signed-in employee's (or one employee's) punches over dates. */
export function usePunches(employeeId: number | null, from: string, to: string, enabled = true) {
  return useQuery({
    queryKey: punchesKey(employeeId, from, to),
    queryFn: ({ signal }) =>
      api.get<TPunch[]>(apiPath('/api/attendance/punches'), employeeId === null ? { from, to } : { employeeId, from, to }, {
        signal,
        bypass_log: true,
      }),
    enabled,
  });
}

/** The signed-in employee's punch from the browser (the server stamps the time; 409 on a double tap). */
export const punchWeb = (body: TWebPunch) => api.post<TPunchResult>(apiPath('/api/attendance/punches/web'), body);
