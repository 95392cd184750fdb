// The statutory parameters screen's calls (packages/contract/src/statutory-admin.ts is the contract).
import type { TStatutoryParameter, TStatutoryParameterInput, TStatutoryParameterList, TStatutoryParameterUpdate } from '@hr/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type RequestOptions } from '@/lib/api';
import { apiPath } from '@/lib/api-path';

export const parameterKeys = {
  all: ['statutory-parameters'] as const,
  list: (kind: string, on: string) => ['statutory-parameters', kind, on] as const,
};

/** Every row of a kind (all states: the screen picks the state), in force on `on`, and the history. */
export function useParameters(kind: string, on: string) {
  return useQuery({
    queryKey: parameterKeys.list(kind, on),
    queryFn: () => api.get<TStatutoryParameterList>(apiPath('/api/statutory/parameters'), { kind: kind || undefined, on }),
    placeholderData: keepPreviousData,
  });
}

export const addParameter = (body: TStatutoryParameterInput, options?: RequestOptions) =>
  api.post<TStatutoryParameter>(apiPath('/api/statutory/parameters'), body, options);
export const changeParameter = (id: number, body: TStatutoryParameterUpdate, options?: RequestOptions) =>
  api.put<TStatutoryParameter>(apiPath('/api/statutory/parameters/:id', { id }), body, options);
export const deactivateParameter = (id: number) => api.delete(apiPath('/api/statutory/parameters/:id', { id }));
