// An employee's salary structure as the payroll screens and the employee record read it: the heads (print order)
// and the structure's versions by effective month.
import type { TPayrollHead, TStructure } from '@hr/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';

/** Whether a head is an input of the salary structure (the server says so on each head). */
export const isStructureHead = (h: TPayrollHead) => h.inStructure;

export const structureKeys = {
  heads: ['payroll', 'heads'] as const,
  of: (employeeId: number) => ['payroll', 'structures', employeeId] as const,
};

/** The earning and deduction heads, GET /api/payroll/heads (print order). */
export function useHeads() {
  return useQuery({
    queryKey: structureKeys.heads,
    queryFn: ({ signal }) => api.get<TPayrollHead[]>(apiPath('/api/payroll/heads'), undefined, { signal, bypass_log: true }),
    staleTime: 5 * 60_000,
  });
}

/** An employee's structure versions, newest first. */
export function useStructures(employeeId: number | null) {
  return useQuery({
    queryKey: structureKeys.of(employeeId ?? 0),
    queryFn: ({ signal }) =>
      api.get<TStructure[]>(apiPath('/api/payroll/structures/:employeeId', { employeeId: employeeId! }), undefined, { signal }),
    enabled: employeeId !== null,
  });
}
