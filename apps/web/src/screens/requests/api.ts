// The requests screens' calls (packages/contract/src/requests.ts is the contract) and their types.
import type {
  TBulkDecideResult,
  TLeaveBalance,
  TLeavePreview,
  TLedgerLine,
  TRaiseRequest,
  TRequest,
  TRequestAttachment,
  TRequestKind,
  TRequestList,
  TRequestStatus,
  TRequestsQuery,
} from '@hr/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type QueryValue, type RequestOptions } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { downloadFile, uploadFile } from '@/lib/files';

export type { TLeaveBalance, TLeavePreview, TLedgerLine, TRequest, TRequestKind, TRequestStatus };

export const requestKeys = {
  all: ['requests'] as const,
  mine: ['requests', 'mine'] as const,
  list: ['requests', 'list'] as const,
  visitors: ['requests', 'visitors'] as const,
  balances: ['leave', 'balances'] as const,
  ledger: ['leave', 'ledger'] as const,
  preview: ['leave', 'preview'] as const,
};

/** Drops empty filter values so a query key (and the URL) only names what is set. */
export function clean<T extends Record<string, unknown>>(query: T): Record<string, QueryValue> {
  const out: Record<string, QueryValue> = {};
  for (const [k, v] of Object.entries(query)) if (v !== null && v !== undefined && v !== '') out[k] = v as QueryValue;
  return out;
}

const quiet = (signal: AbortSignal) => ({ signal, bypass_log: true });

// ---- raising ----

export const raiseRequest = (body: TRaiseRequest, options?: RequestOptions) => api.post<TRequest>(apiPath('/api/requests'), body, options);

/** Uploads a leave's attachment (pdf / jpg / png up to 5 MB) and answers the key to send with the leave. */
export const uploadAttachment = (file: File, onProgress?: (f: number) => void) =>
  uploadFile<TRequestAttachment>(apiPath('/api/requests/attachments'), file, onProgress);

export const downloadAttachment = (r: Pick<TRequest, 'id' | 'attachmentName'>) =>
  downloadFile(apiPath('/api/requests/:id/attachment', { id: r.id }), r.attachmentName ?? `attachment-${r.id}`);

export type TPreviewQuery = { leaveTypeId: number; fromDate: string; toDate: string; halfDayStart: boolean; halfDayEnd: boolean };

/** What a leave would take, asked as the form changes (no toast: the form shows the problems itself). */
export function useLeavePreview(query: TPreviewQuery | null) {
  return useQuery({
    queryKey: [...requestKeys.preview, query],
    queryFn: ({ signal }) => api.get<TLeavePreview>(apiPath('/api/leave/preview'), clean(query ?? {}), { ...quiet(signal), silent: true }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

// ---- lists ----

export type TMyRequestsQuery = {
  kind?: TRequestKind | null;
  status?: TRequestStatus | null;
  from?: string | null;
  to?: string | null;
  page: number;
  pageSize: number;
};

export function useMyRequests(query: TMyRequestsQuery) {
  const q = clean(query);
  return useQuery({
    queryKey: [...requestKeys.mine, q],
    queryFn: ({ signal }) => api.get<TRequestList>(apiPath('/api/requests/mine'), q, quiet(signal)),
    placeholderData: keepPreviousData,
  });
}

export type TListQuery = Omit<TRequestsQuery, 'unitId' | 'departmentId' | 'employeeId' | 'leaveTypeId'> & {
  unitId?: number | null;
  departmentId?: number | null;
  employeeId?: number | null;
  leaveTypeId?: number | null;
};

export function useRequests(query: TListQuery, enabled = true) {
  const q = clean(query);
  return useQuery({
    queryKey: [...requestKeys.list, q],
    queryFn: ({ signal }) => api.get<TRequestList>(apiPath('/api/requests'), q, quiet(signal)),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The list's Excel export with the same filters (no paging). */
export async function exportRequests(query: TListQuery, fileName: string): Promise<void> {
  const { page: _p, pageSize: _s, ...rest } = query;
  await downloadFile(apiPath('/api/requests/export'), fileName, clean(rest));
}

// ---- decisions ----

export const approveRequest = (id: number, remark?: string, options?: RequestOptions) =>
  api.post<TRequest>(apiPath('/api/requests/:id/approve', { id }), { remark: remark || undefined }, options);
export const rejectRequest = (id: number, remark: string, options?: RequestOptions) =>
  api.post<TRequest>(apiPath('/api/requests/:id/reject', { id }), { remark }, options);
export const cancelRequest = (id: number, reason?: string, options?: RequestOptions) =>
  api.post<TRequest>(apiPath('/api/requests/:id/cancel', { id }), { reason: reason || undefined }, options);
export const withdrawRequest = (id: number, options?: RequestOptions) =>
  api.post<TRequest>(apiPath('/api/requests/:id/withdraw', { id }), {}, options);
export const bulkDecide = (body: { ids: number[]; action: 'approve' | 'reject'; remark?: string }, options?: RequestOptions) =>
  api.post<TBulkDecideResult>(apiPath('/api/requests/bulk'), body, options);

// ---- leave balances ----

export function useMyBalances(financialYear: number | null) {
  return useQuery({
    queryKey: [...requestKeys.balances, 'me', financialYear],
    queryFn: ({ signal }) => api.get<TLeaveBalance[]>(apiPath('/api/leave/balances/me'), clean({ financialYear }), quiet(signal)),
    placeholderData: keepPreviousData,
  });
}

/** An employee's balances (managers, beside a leave request). */
export function useEmployeeBalances(employeeId: number | null, financialYear?: number | null) {
  return useQuery({
    queryKey: [...requestKeys.balances, employeeId, financialYear ?? null],
    queryFn: ({ signal }) =>
      api.get<TLeaveBalance[]>(apiPath('/api/leave/balances'), clean({ employeeId, financialYear }), { ...quiet(signal), silent: true }),
    enabled: employeeId !== null,
  });
}

export function useLedger(
  query: { employeeId?: number | null; financialYear?: number | null; leaveTypeId?: number | null },
  enabled = true,
) {
  const q = clean(query);
  return useQuery({
    queryKey: [...requestKeys.ledger, q],
    queryFn: ({ signal }) => api.get<TLedgerLine[]>(apiPath('/api/leave/ledger'), q, quiet(signal)),
    enabled,
  });
}

// ---- visitors at the reception ----

export function useVisitors(date: string | null, enabled = true) {
  return useQuery({
    queryKey: [...requestKeys.visitors, date],
    queryFn: ({ signal }) => api.get<TRequest[]>(apiPath('/api/visitors'), clean({ date }), quiet(signal)),
    enabled,
    refetchInterval: 60_000,
  });
}

export const markVisitor = (id: number, what: 'arrival' | 'departure') =>
  api.post<TRequest>(apiPath(`/api/visitors/:id/${what}`, { id }), {});
