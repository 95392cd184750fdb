import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export type Filter = { unitId?: number; month: string };

/** One widget's query: its own request, so one failing source shows its own error. */
export function useWidget<T>(name: string, filter: Filter) {
  return useQuery({
    queryKey: ['dashboard', 'admin', name, filter],
    queryFn: ({ signal }) =>
      api.get<T>(
        `/api/dashboard/admin/${name}`,
        { unitId: filter.unitId, month: filter.month },
        { signal, silent: true, bypass_log: true },
      ),
    staleTime: 15_000,
    retry: 1,
  });
}

export const axisProps = { fontSize: 12, tickLine: false, axisLine: false } as const;
