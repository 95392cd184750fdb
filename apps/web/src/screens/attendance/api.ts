// The attendance screens' calls (packages/contract/src/attendance.ts is the contract) and their types.
import type {
  TAttendanceDay,
  TAttendanceRegister,
  TDayView,
  TEmployeeMonth,
  TPunch,
  TRoster,
  ZAssignment,
  ZAssignResult,
  ZAssignShifts,
  ZDayViewQuery,
  ZDeviceStatus,
  ZLatePunch,
  ZMapPinResult,
  ZRegularisation,
  ZRegularisationList,
  ZShiftCompare,
  ZShiftCompareSummary,
  ZShiftDetails,
  ZTracking,
  ZUnmatchedPin,
} from '@hr/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { punchesKey } from '@/components/attendance/api';
import { api, type QueryValue, type RequestOptions } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { downloadFile } from '@/lib/files';

export type { TAttendanceDay, TAttendanceRegister, TDayView, TEmployeeMonth, TPunch, TRoster };
export type TAttendanceDayLike = Pick<TAttendanceDay, 'firstIn' | 'lastOut'>;
export type TDayViewRow = TDayView['rows'][number];
export type TDayViewStatus = NonNullable<z.input<typeof ZDayViewQuery>['status']>;
export type TRosterRow = TRoster['rows'][number];
export type TRosterShift = TRoster['shifts'][number];
export type TAssignment = z.infer<typeof ZAssignment>;
export type TAssignShifts = z.input<typeof ZAssignShifts>;
export type TAssignResult = z.infer<typeof ZAssignResult>;
export type TShiftDetails = z.infer<typeof ZShiftDetails>;
export type TDeviceStatus = z.infer<typeof ZDeviceStatus>;
export type TUnmatchedPin = z.infer<typeof ZUnmatchedPin>;
export type TLatePunch = z.infer<typeof ZLatePunch>;
export type TMapPinResult = z.infer<typeof ZMapPinResult>;
export type TRegularisation = z.infer<typeof ZRegularisation>;
export type TRegularisationList = z.infer<typeof ZRegularisationList>;
export type TTracking = z.infer<typeof ZTracking>;
export type TTrackingRow = TTracking['rows'][number];
export type TShiftCompare = z.infer<typeof ZShiftCompare>;
export type TShiftCompareRow = TShiftCompare['rows'][number];
export type TShiftCompareSummary = z.infer<typeof ZShiftCompareSummary>;
export type TShiftCompareSummaryRow = TShiftCompareSummary['rows'][number];

export const attendanceKeys = {
  all: ['attendance'] as const,
  month: (employeeId: number | null, year: number, month: number) => ['attendance', 'month', employeeId ?? 'me', year, month] as const,
  punches: punchesKey,
  day: ['attendance', 'day'] as const,
  roster: ['attendance', 'roster'] as const,
  mySchedule: (year: number, month: number) => ['attendance', 'me', 'schedule', year, month] as const,
  assignments: (employeeId: number) => ['attendance', 'assignments', employeeId] as const,
  shift: ['attendance', 'shift'] as const,
  shifts: ['attendance', 'shifts'] as const,
  devices: ['attendance', 'devices'] as const,
  unmatched: ['attendance', 'unmatched'] as const,
  latePunches: ['attendance', 'late-punches'] as const,
  regularisations: ['attendance', 'regularisations'] as const,
  tracking: ['attendance', 'tracking'] as const,
  register: ['attendance', 'register'] as const,
  compare: ['attendance', 'shift-compare'] as const,
};

/** Drops empty filter values so a query key (and the URL) only names what is set. */
function clean<T extends Record<string, unknown>>(query: T): Record<string, QueryValue> {
  const out: Record<string, QueryValue> = {};
  for (const [k, v] of Object.entries(query)) if (v !== null && v !== undefined && v !== '') out[k] = v as QueryValue;
  return out;
}

const quiet = (signal: AbortSignal) => ({ signal, bypass_log: true });

// ---- one employee ----

export function useEmployeeMonth(employeeId: number | null, year: number, month: number, enabled = true) {
  return useQuery({
    queryKey: attendanceKeys.month(employeeId, year, month),
    queryFn: ({ signal }) => api.get<TEmployeeMonth>(apiPath('/api/attendance/month'), clean({ employeeId, year, month }), quiet(signal)),
    enabled,
    placeholderData: keepPreviousData,
  });
}

// An employee's punches over dates: shared with the dashboard's punch card (components/attendance).
export { usePunches } from '@/components/attendance/api';

// ---- the manager's day ----

export type TDayQuery = {
  date: string;
  unitId?: number | null;
  departmentId?: number | null;
  status?: TDayViewStatus | null;
  search?: string;
  page: number;
  pageSize: number;
};

export function useDayView(query: TDayQuery, enabled = true) {
  const q = clean(query);
  return useQuery({
    queryKey: [...attendanceKeys.day, q],
    queryFn: ({ signal }) => api.get<TDayView>(apiPath('/api/attendance/day'), q, quiet(signal)),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export type TMarkDay = { employeeId: number; day: string; status: string | null; remark: string };
export const markDay = (body: TMarkDay, options?: RequestOptions) => api.put<TAttendanceDay>(apiPath('/api/attendance/day'), body, options);

// ---- rosters ----

export type TRosterQuery = {
  year: number;
  month: number;
  unitId?: number | null;
  departmentId?: number | null;
  shiftId?: number | null;
  search?: string;
  page: number;
  pageSize: number;
};

export function useRoster(query: TRosterQuery) {
  const q = clean(query);
  return useQuery({
    queryKey: [...attendanceKeys.roster, q],
    queryFn: ({ signal }) => api.get<TRoster>(apiPath('/api/attendance/roster'), q, quiet(signal)),
    placeholderData: keepPreviousData,
  });
}

export function useMySchedule(year: number, month: number) {
  return useQuery({
    queryKey: attendanceKeys.mySchedule(year, month),
    queryFn: ({ signal }) => api.get<TRoster>(apiPath('/api/attendance/me/schedule'), { year, month }, quiet(signal)),
    placeholderData: keepPreviousData,
  });
}

export function useAssignments(employeeId: number | null) {
  return useQuery({
    queryKey: attendanceKeys.assignments(employeeId ?? 0),
    queryFn: ({ signal }) =>
      api.get<TAssignment[]>(apiPath('/api/attendance/assignments'), { employeeId: employeeId ?? undefined }, quiet(signal)),
    enabled: employeeId !== null,
  });
}

export const assignShifts = (body: TAssignShifts, options?: RequestOptions) =>
  api.post<TAssignResult>(apiPath('/api/attendance/assignments'), body, options);

export const deleteAssignment = (id: number) => api.delete(apiPath('/api/attendance/assignments/:id', { id }));

export type TShiftOption = { id: number; code: string; name: string; startTime: string; endTime: string };

/**
 * The shift master as a list of choices. The roster carries every active shift and is open to whoever holds the
 * shift screens; where the roster is refused, the shift master's select options (id and label only) are asked.
 */
export function useShiftOptions(year: number, month: number) {
  return useQuery({
    queryKey: [...attendanceKeys.shifts, year, month],
    queryFn: async ({ signal }): Promise<TShiftOption[]> => {
      try {
        const roster = await api.get<TRoster>(
          apiPath('/api/attendance/roster'),
          { year, month, page: 1, pageSize: 1 },
          { ...quiet(signal), silent: true },
        );
        return roster.shifts;
      } catch {
        const rows = await api.get<{ id: number; label: string | null }[]>(
          apiPath('/api/resources/shift/options'),
          { limit: 200 },
          quiet(signal),
        );
        return rows.map((r) => ({ id: r.id, code: r.label ?? `#${r.id}`, name: r.label ?? '', startTime: '', endTime: '' }));
      }
    },
    staleTime: 5 * 60_000,
  });
}

export function useShiftDetails(shiftId: number | null, query: { date: string; unitId?: number | null; page: number; pageSize: number }) {
  const q = clean(query);
  return useQuery({
    queryKey: [...attendanceKeys.shift, shiftId, q],
    queryFn: ({ signal }) => api.get<TShiftDetails>(apiPath('/api/attendance/shifts/:id', { id: shiftId! }), q, quiet(signal)),
    enabled: shiftId !== null,
    placeholderData: keepPreviousData,
  });
}

// ---- devices ----

export function useDevices(enabled = true) {
  return useQuery({
    queryKey: attendanceKeys.devices,
    queryFn: ({ signal }) => api.get<TDeviceStatus[]>(apiPath('/api/attendance/devices'), undefined, { ...quiet(signal), silent: true }),
    enabled,
    refetchInterval: 60_000,
  });
}

export function useUnmatched(enabled = true) {
  return useQuery({
    queryKey: attendanceKeys.unmatched,
    queryFn: ({ signal }) => api.get<TUnmatchedPin[]>(apiPath('/api/attendance/unmatched'), undefined, { ...quiet(signal), silent: true }),
    enabled,
  });
}

/** Punches that arrived for days of an approved or locked salary month: kept apart until the month is reopened. */
export function useLatePunches(enabled = true) {
  return useQuery({
    queryKey: attendanceKeys.latePunches,
    queryFn: ({ signal }) => api.get<TLatePunch[]>(apiPath('/api/attendance/late-punches'), undefined, { ...quiet(signal), silent: true }),
    enabled,
  });
}

export const mapPin = (body: { devicePin: string; employeeId: number }, options?: RequestOptions) =>
  api.post<TMapPinResult>(apiPath('/api/attendance/unmatched/map'), body, options);

// ---- regularisation ----

export type TRegularise = {
  employeeId?: number;
  day: string;
  inTime?: string | null;
  outTime?: string | null;
  outNextDay: boolean;
  reason: string;
};

export type TRegularisationQuery = {
  scope: 'mine' | 'toDecide' | 'all';
  status?: TRegularisation['status'] | null;
  page: number;
  pageSize: number;
};

export function useRegularisations(query: TRegularisationQuery, enabled = true) {
  const q = clean(query);
  return useQuery({
    queryKey: [...attendanceKeys.regularisations, q],
    queryFn: ({ signal }) => api.get<TRegularisationList>(apiPath('/api/attendance/regularisations'), q, quiet(signal)),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export const requestRegularisation = (body: TRegularise, options?: RequestOptions) =>
  api.post<TRegularisation>(apiPath('/api/attendance/regularisations'), body, options);

export const decideRegularisation = (
  id: number,
  body: { action: 'approve' | 'reject' | 'cancel'; remark?: string },
  options?: RequestOptions,
) => api.post<TRegularisation>(apiPath('/api/attendance/regularisations/:id/decide', { id }), body, options);

// ---- tracking ----

export function useTracking(query: { date: string; unitId?: number | null; departmentId?: number | null }) {
  const q = clean(query);
  return useQuery({
    queryKey: [...attendanceKeys.tracking, q],
    queryFn: ({ signal }) => api.get<TTracking>(apiPath('/api/attendance/tracking'), q, quiet(signal)),
    placeholderData: keepPreviousData,
    refetchInterval: 120_000,
  });
}

// ---- reports ----

/** The filters every attendance report takes (the register, shift schedule versus attendance and its summary). */
export type TReportQuery = {
  unitId?: number | null;
  departmentId?: number | null;
  employeeId?: number | null;
  from: string;
  to: string;
  page: number;
  pageSize: number;
};

function useReport<T>(key: readonly unknown[], url: string, query: TReportQuery, enabled: boolean) {
  const q = clean(query);
  return useQuery({
    queryKey: [...key, url, q],
    queryFn: ({ signal }) => api.get<T>(url, q, quiet(signal)),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export const useRegister = (query: TReportQuery, enabled = true) =>
  useReport<TAttendanceRegister>(attendanceKeys.register, apiPath('/api/attendance/register'), query, enabled);
export const useShiftCompare = (query: TReportQuery, enabled = true) =>
  useReport<TShiftCompare>(attendanceKeys.compare, apiPath('/api/attendance/shift-compare'), query, enabled);
export const useShiftCompareSummary = (query: TReportQuery, enabled = true) =>
  useReport<TShiftCompareSummary>(attendanceKeys.compare, apiPath('/api/attendance/shift-compare/summary'), query, enabled);

export type TExportFormat = 'xlsx' | 'pdf';

/** Downloads a report's export (every filter but the paging) through the authorised API, under a readable name. */
export async function downloadReport(
  url: string,
  query: TReportQuery & { kind?: 'detail' | 'summary' },
  format: TExportFormat,
  fileStem: string,
): Promise<string> {
  const { page: _p, pageSize: _s, ...rest } = query;
  const fileName = `${fileStem}.${format}`;
  await downloadFile(url, fileName, clean({ ...rest, format }));
  return fileName;
}

export const REPORT_URLS = {
  register: apiPath('/api/attendance/register/export'),
  compare: apiPath('/api/attendance/shift-compare/export'),
} as const;
