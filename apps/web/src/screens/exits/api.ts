import type { TSeparation, TSettlement } from '@hr/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type QueryValue } from '@/lib/api';
import { apiPath } from '@/lib/api-path';

export const exitKeys = {
  separations: ['exits', 'separations'] as const,
  separation: (id: number) => ['exits', 'separations', id] as const,
  settlements: ['exits', 'settlements'] as const,
  settlement: (id: number) => ['exits', 'settlements', id] as const,
};

export type ListQuery = { unitId?: number; status?: string; mine?: '1'; page: number; pageSize: number };

export function useSeparations(query: ListQuery) {
  return useQuery({
    queryKey: [...exitKeys.separations, 'list', query],
    queryFn: ({ signal }) =>
      api.get<{ rows: TSeparation[]; total: number }>(apiPath('/api/exits/separations'), query as Record<string, QueryValue>, {
        signal,
        bypass_log: true,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useSeparation(id: number | null) {
  return useQuery({
    queryKey: exitKeys.separation(id ?? 0),
    queryFn: ({ signal }) => api.get<TSeparation>(apiPath('/api/exits/separations/:id', { id: id! }), undefined, { signal }),
    enabled: id !== null,
  });
}

export function useSettlements(query: ListQuery) {
  return useQuery({
    queryKey: [...exitKeys.settlements, 'list', query],
    queryFn: ({ signal }) =>
      api.get<{ rows: TSettlement[]; total: number }>(apiPath('/api/exits/settlements'), query as Record<string, QueryValue>, {
        signal,
        bypass_log: true,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useSettlement(id: number) {
  return useQuery({
    queryKey: exitKeys.settlement(id),
    queryFn: ({ signal }) => api.get<TSettlement>(apiPath('/api/exits/settlements/:id', { id }), undefined, { signal }),
  });
}

export const settlementPath = (id: number) => `/outlet/transaction/full-final-settlement/${id}`;
