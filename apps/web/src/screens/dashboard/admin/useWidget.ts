import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type ApiPathSegment, apiPath } from '@/lib/api-path';

export type Filter = { unitId?: number; month: string };

/** An admin dashboard widget's name: its endpoint /api/dashboard/admin/<name>. */
export type AdminWidget = ApiPathSegment<'/api/dashboard/admin/'>;

/** One widget's query: its own request, so one failing source shows its own error. */
export function useWidget<T>(name: AdminWidget, filter: Filter) {
  return useQuery({
    queryKey: ['dashboard', 'admin', name, filter],
    queryFn: ({ signal }) =>
      api.get<T>(
        apiPath(`/api/dashboard/admin/${name}`),
        { unitId: filter.unitId, month: filter.month },
        { signal, silent: true, bypass_log: true },
      ),
    staleTime: 15_000,
    retry: 1,
  });
}

export const axisProps = { fontSize: 12, tickLine: false, axisLine: false } as const;
