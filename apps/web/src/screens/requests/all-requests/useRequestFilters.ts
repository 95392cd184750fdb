import type { REQUEST_SORTS, TRequestStatus } from '@hr/contract';
import { useState } from 'react';
import { useDebounced } from '@/components/data-table';
import type { TEmployeeOption } from '@/components/EmployeePicker';
import type { TListQuery, TRequestKind } from '../api';

export type TSort = (typeof REQUEST_SORTS)[number];

/** The list's filters, order, page and selection, and the query they make. */
export function useRequestFilters(kind: TRequestKind) {
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim(), 300);
  const [unitId, setUnitId] = useState<number | null>(null);
  const [departmentId, setDepartmentId] = useState<number | null>(null);
  const [employee, setEmployee] = useState<TEmployeeOption | null>(null);
  const [leaveTypeId, setLeaveTypeId] = useState<number | null>(null);
  const [status, setStatus] = useState<TRequestStatus | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [toDecide, setToDecide] = useState(false);
  const [sort, setSort] = useState<TSort>('pendingFirst');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const [selected, setSelected] = useState<Set<number>>(new Set());

  const query: TListQuery = {
    kind,
    status: status ?? undefined,
    unitId,
    departmentId,
    employeeId: employee?.id ?? null,
    leaveTypeId: kind === 'leave' ? leaveTypeId : null,
    from: from || undefined,
    to: to || undefined,
    search: debounced || undefined,
    toDecide: toDecide || undefined,
    sort,
    page,
    pageSize,
  };
  const filtered = !!(debounced || unitId || departmentId || employee || leaveTypeId || status || from || to || toDecide);

  /** Every change of filter or page starts from page 1 with nothing selected. */
  const refilter =
    <T>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
      setSelected(new Set());
    };

  return {
    search,
    setSearch,
    unitId,
    setUnitId,
    departmentId,
    setDepartmentId,
    employee,
    setEmployee,
    leaveTypeId,
    setLeaveTypeId,
    status,
    setStatus,
    from,
    setFrom,
    to,
    setTo,
    toDecide,
    setToDecide,
    sort,
    setSort,
    page,
    setPage,
    pageSize,
    setPageSize,
    selected,
    setSelected,
    query,
    filtered,
    refilter,
  };
}

export type TRequestFilters = ReturnType<typeof useRequestFilters>;
