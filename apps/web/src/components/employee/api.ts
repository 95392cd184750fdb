// The employee record's queries, shared by the employee screens, the self-service profile, ID cards and Form 16.
import type { TEmployee, TEmployeeDocumentStatus, TEmployeeList, TEmployeeListQuery, TProfileChangeRequest } from '@hr/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebounced } from '@/components/data-table';
import { api, type QueryValue } from '@/lib/api';
import { apiPath } from '@/lib/api-path';

export function useEmployeeList(query: TEmployeeListQuery) {
  return useQuery({
    queryKey: ['employees', 'list', query],
    queryFn: ({ signal }) =>
      api.get<TEmployeeList>(apiPath('/api/employees'), query as Record<string, QueryValue>, { signal, bypass_log: true }),
    placeholderData: keepPreviousData,
  });
}

export function useEmployee(id: number | null) {
  return useQuery({
    queryKey: ['employees', 'one', id],
    queryFn: ({ signal }) => api.get<TEmployee>(apiPath('/api/employees/:id', { id: id! }), undefined, { signal }),
    enabled: id !== null && id > 0,
  });
}

export function useMyEmployee() {
  return useQuery({
    queryKey: ['employees', 'me'],
    // A sign-in without an employee record (an administrator, say) gets the screen's own message (WithMyEmployee),
    // not an error toast: `silent` (bypass_log only skips the spinner).
    queryFn: ({ signal }) => api.get<TEmployee>(apiPath('/api/me/employee'), undefined, { signal, bypass_log: true, silent: true }),
    retry: false,
  });
}

export function useDocuments(employeeId: number | null) {
  return useQuery({
    queryKey: ['employees', 'documents', employeeId],
    queryFn: ({ signal }) =>
      api.get<TEmployeeDocumentStatus>(apiPath('/api/employees/:id/documents', { id: employeeId! }), undefined, { signal }),
    enabled: employeeId !== null && employeeId > 0,
  });
}

export function useOwnChangeRequests(enabled: boolean) {
  return useQuery({
    queryKey: ['employees', 'my-change-requests'],
    queryFn: ({ signal }) =>
      api.get<TProfileChangeRequest[]>(apiPath('/api/me/employee/change-requests'), undefined, { signal, bypass_log: true }),
    enabled,
  });
}

/** Employees within reach for a select, searched by name or code: one request per pause in typing. */
export function useEmployeeOptions(search: string) {
  const q = useDebounced(search.trim(), 250);
  return useQuery({
    queryKey: ['employees', 'options', q],
    queryFn: ({ signal }) =>
      api.get<{ id: number; name: string; employeeCode: string }[]>(
        apiPath('/api/employees/options'),
        { search: q || undefined },
        { signal, bypass_log: true, silent: true },
      ),
    placeholderData: keepPreviousData,
  });
}
