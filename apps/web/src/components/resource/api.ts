import type { TListQuery, TListResult, TOptionRow, TResource } from '@hr/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type QueryValue } from '@/lib/api';

export type Row = Record<string, unknown> & { id: number; isActive?: boolean };

export const resourceUrl = (r: Pick<TResource, 'name'> | string, suffix = '') =>
  `/api/resources/${typeof r === 'string' ? r : r.name}${suffix}`;

export function useResourceList(r: TResource, query: TListQuery) {
  return useQuery({
    queryKey: ['resource', r.name, 'list', query],
    queryFn: ({ signal }) => api.get<TListResult<Row>>(resourceUrl(r), query as Record<string, QueryValue>, { signal, bypass_log: true }),
    placeholderData: keepPreviousData,
  });
}

export function useResourceRow(r: TResource, id: number | null) {
  return useQuery({
    queryKey: ['resource', r.name, 'row', id],
    queryFn: ({ signal }) => api.get<Row>(resourceUrl(r, `/${id}`), undefined, { signal }),
    enabled: id !== null && id > 0,
  });
}

/** What narrows a select's choices on the server: filter fields (the cities of a state), a unit's mapping. */
export interface OptionScope {
  filters?: Record<string, number | string | null | undefined>;
  /** Only rows the unit-wise mappings give this unit (departments of a unit…). */
  mappedToUnit?: number | null;
}

/** Choices of a select: the first matches of `search`, plus the rows whose ids are given (current values). */
export function useOptions(resource: string, search: string, ids: number[] = [], enabled = true, scope: OptionScope = {}) {
  const filters = scope.filters && Object.values(scope.filters).some((v) => v != null) ? JSON.stringify(scope.filters) : undefined;
  const mappedToUnit = scope.mappedToUnit ?? undefined;
  return useQuery({
    queryKey: ['resource', resource, 'options', search, ids, filters, mappedToUnit],
    queryFn: ({ signal }) =>
      api.get<TOptionRow[]>(
        resourceUrl(resource, '/options'),
        { search: search || undefined, ids: ids.length ? ids.join(',') : undefined, filters, mappedToUnit },
        { signal, bypass_log: true },
      ),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

/** Downloads the filtered list as Excel through the authorised API call. */
export async function downloadExport(r: TResource, query: TListQuery) {
  const { page: _p, pageSize: _s, ...rest } = query;
  const blob = await api.get<Blob>(resourceUrl(r, '/export.xlsx'), rest as Record<string, QueryValue>, { responseType: 'blob' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${r.title.replace(/[^A-Za-z0-9]+/g, '_')}.xlsx`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
