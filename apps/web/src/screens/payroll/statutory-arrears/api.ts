// The statutory arrears screen's calls (packages/contract/src/statutory-arrears.ts is the contract).
import type { TStatutoryArrear, TStatutoryArrearDetail } from '@hr/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type QueryValue } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { downloadFile } from '@/lib/files';

export type TArrearStatus = TStatutoryArrear['status'];
export type TArrearLine = TStatutoryArrearDetail['lines'][number];

export const STATUS_LABEL: Record<TArrearStatus, string> = { pending: 'Pending approval', approved: 'Approved', rejected: 'Rejected' };
export const STATUS_VARIANT = { pending: 'warning', approved: 'success', rejected: 'destructive' } as const;

export const arrearKeys = {
  all: ['payroll', 'statutory-arrears'] as const,
  one: (id: number) => ['payroll', 'statutory-arrears', 'one', id] as const,
};

export function useArrearList(query: { unitId?: number; status?: TArrearStatus }) {
  return useQuery({
    queryKey: [...arrearKeys.all, 'list', query],
    queryFn: ({ signal }) =>
      api.get<TStatutoryArrear[]>(apiPath('/api/payroll/statutory-arrears'), query as Record<string, QueryValue>, {
        signal,
        bypass_log: true,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useArrear(id: number | null) {
  return useQuery({
    queryKey: arrearKeys.one(id ?? 0),
    queryFn: ({ signal }) =>
      api.get<TStatutoryArrearDetail>(apiPath('/api/payroll/statutory-arrears/:id', { id: id! }), undefined, { signal }),
    enabled: id !== null,
  });
}

export const raiseArrears = () => api.post<{ raised: number[] }>(apiPath('/api/payroll/statutory-arrears/raise'), {});

export type TMemberShareBy = TStatutoryArrear['memberShareBy'];

/** Who bears the member's share, as the screen says it. */
export const MEMBER_SHARE_LABEL: Record<TMemberShareBy, string> = {
  employer: 'Employer bears the member’s share',
  member: 'Recovered from the members’ next pay',
};

/** Approve (saying who bears the members' share) or reject (with a remark). */
export const decideArrear = (id: number, action: 'approve' | 'reject', remark: string | null, memberShareBy?: TMemberShareBy) =>
  api.post<TStatutoryArrear>(apiPath('/api/payroll/statutory-arrears/:id/decide', { id }), {
    action,
    ...(remark ? { remark } : {}),
    ...(action === 'approve' && memberShareBy ? { memberShareBy } : {}),
  });

/** The supplementary (arrear) ECR of an approved record, named as the server names it. */
export async function downloadArrearEcr(a: Pick<TStatutoryArrear, 'id' | 'unitName' | 'forMonth'>): Promise<string> {
  const fileName = `ECR_ARREAR_${a.unitName.replace(/[^A-Za-z0-9_-]+/g, '_')}_${a.forMonth}.txt`;
  await downloadFile(apiPath('/api/payroll/statutory-arrears/:id/ecr', { id: a.id }), fileName);
  return fileName;
}
