import { EMPLOYEE_STATUSES, STATUS_LABEL, type TEmployeeListQuery, type TEmployeeListRow } from '@hr/contract';
import { useQueryClient } from '@tanstack/react-query';
import {
  ArrowDown,
  ArrowUp,
  ArrowUpDown,
  ClipboardCheck,
  FileSpreadsheet,
  FileUp,
  Pencil,
  Plus,
  Search,
  Trash2,
  Users,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { UserAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { EmptyState, PageHeader } from '@/components/ui/page-header';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { api } from '@/lib/api';
import { encryptParam } from '@/lib/crypto';
import { formatCount, formatDate } from '@/lib/format';
import { toast } from '@/lib/toast-store';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { downloadFile, EMPLOYEE_PATH, useEmployeeList, useFormOptions } from './api';
import { ChangeRequestsDialog } from './ChangeRequestsDialog';
import { ImportDialog } from './ImportDialog';
import { StatusBadge } from './StatusBadge';

type Sort = NonNullable<TEmployeeListQuery['sort']>;
const FILTER_CLASS = 'h-9 rounded-md border border-input bg-background px-2 text-sm';

function useDebounced<T>(value: T, ms = 300): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/** /outlet/transaction/employee: the employee list with server-side paging, sort, search and filters. */
export default function EmployeeListScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { menu, actions } = useCurrentMenu(EMPLOYEE_PATH);
  const options = useFormOptions();
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<{
    unitId?: number;
    departmentId?: number;
    designationId?: number;
    categoryId?: number;
    status?: string;
  }>({});
  const [sort, setSort] = useState<{ by: Sort; order: 'asc' | 'desc' }>({ by: 'employeeCode', order: 'asc' });
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const [importOpen, setImportOpen] = useState(false);
  const [requestsOpen, setRequestsOpen] = useState(false);
  const [deleting, setDeleting] = useState<TEmployeeListRow | null>(null);
  const debounced = useDebounced(search.trim());
  useEffect(() => setPage(1), [debounced, filters, pageSize]);

  const query: TEmployeeListQuery = {
    page,
    pageSize,
    sort: sort.by,
    order: sort.order,
    search: debounced || undefined,
    ...(filters as Partial<TEmployeeListQuery>),
  };
  const list = useEmployeeList(query);
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const open = (id: number | 'new') => navigate(`${EMPLOYEE_PATH}/${id === 'new' ? 'new' : encryptParam(String(id))}`);

  const toggleSort = (by: Sort) => setSort((s) => (s.by === by ? { by, order: s.order === 'asc' ? 'desc' : 'asc' } : { by, order: 'asc' }));
  const SortHead = ({ by, children }: { by: Sort; children: React.ReactNode }) => (
    <TableHead>
      <button type="button" className="inline-flex items-center gap-1 hover:text-foreground" onClick={() => toggleSort(by)}>
        {children}
        {sort.by === by ? (
          sort.order === 'asc' ? (
            <ArrowUp className="size-3" />
          ) : (
            <ArrowDown className="size-3" />
          )
        ) : (
          <ArrowUpDown className="size-3 opacity-40" />
        )}
      </button>
    </TableHead>
  );
  const setFilter = (k: keyof typeof filters, v: string) =>
    setFilters((f) => ({ ...f, [k]: v === '' ? undefined : k === 'status' ? v : Number(v) }));
  const o = options.data;

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await api.delete(`/api/employees/${deleting.id}`);
      toast({ variant: 'success', title: 'Deleted', description: `${deleting.name} removed` });
      await queryClient.invalidateQueries({ queryKey: ['employees'] });
    } catch {
      // the toast explains (e.g. 409: used by payroll; mark as exited instead)
    }
    setDeleting(null);
  };

  return (
    <div>
      <PageHeader
        title={menu?.label ?? 'Employees'}
        description={`${formatCount(total)} employee${total === 1 ? '' : 's'}${debounced || Object.values(filters).some(Boolean) ? ' match' : ''}`}
        actions={
          <>
            {actions.approve && (
              <Button variant="outline" onClick={() => setRequestsOpen(true)}>
                <ClipboardCheck /> Change requests
              </Button>
            )}
            <Button
              variant="outline"
              onClick={() => {
                const { page: _p, pageSize: _s, ...rest } = query;
                void downloadFile('/api/employees/export', 'Employees.xlsx', rest as Record<string, string>);
              }}
            >
              <FileSpreadsheet /> Export
            </Button>
            {actions.add && (
              <Button variant="outline" onClick={() => setImportOpen(true)} data-testid="open-import">
                <FileUp /> Import
              </Button>
            )}
            {actions.add && (
              <Button onClick={() => open('new')} data-testid="add-employee">
                <Plus /> Add employee
              </Button>
            )}
          </>
        }
      />

      <div className="mb-4 flex flex-wrap items-center gap-2">
        <div className="relative min-w-64 flex-1">
          <Search className="absolute top-2.5 left-2.5 size-4 text-muted-foreground" />
          <Input
            className="pl-8"
            placeholder="Search name, code or mobile"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            data-testid="employee-search"
          />
        </div>
        <select
          className={FILTER_CLASS}
          aria-label="Unit"
          value={filters.unitId ?? ''}
          onChange={(e) => setFilter('unitId', e.target.value)}
        >
          <option value="">All units</option>
          {o?.units.map((u) => (
            <option key={u.id} value={u.id}>
              {u.name}
            </option>
          ))}
        </select>
        <select
          className={FILTER_CLASS}
          aria-label="Department"
          value={filters.departmentId ?? ''}
          onChange={(e) => setFilter('departmentId', e.target.value)}
        >
          <option value="">All departments</option>
          {o?.departments.map((u) => (
            <option key={u.id} value={u.id}>
              {u.name}
            </option>
          ))}
        </select>
        <select
          className={FILTER_CLASS}
          aria-label="Designation"
          value={filters.designationId ?? ''}
          onChange={(e) => setFilter('designationId', e.target.value)}
        >
          <option value="">All designations</option>
          {o?.designations.map((u) => (
            <option key={u.id} value={u.id}>
              {u.name}
            </option>
          ))}
        </select>
        <select
          className={FILTER_CLASS}
          aria-label="Category"
          value={filters.categoryId ?? ''}
          onChange={(e) => setFilter('categoryId', e.target.value)}
        >
          <option value="">All categories</option>
          {o?.lookups.categories?.map((u) => (
            <option key={u.id} value={u.id}>
              {u.name}
            </option>
          ))}
        </select>
        <select
          className={FILTER_CLASS}
          aria-label="Status"
          value={filters.status ?? ''}
          onChange={(e) => setFilter('status', e.target.value)}
        >
          <option value="">Any status</option>
          {EMPLOYEE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABEL[s]}
            </option>
          ))}
        </select>
      </div>

      {rows.length === 0 && !list.isFetching ? (
        <EmptyState icon={<Users />} title="No employees found" description="Change the search or filters, or add an employee." />
      ) : (
        <div className="rounded-lg border bg-card">
          <Table>
            <TableHeader>
              <TableRow>
                <SortHead by="name">Employee</SortHead>
                <SortHead by="employeeCode">Code</SortHead>
                <SortHead by="unitName">Unit</SortHead>
                <SortHead by="departmentName">Department</SortHead>
                <SortHead by="designationName">Designation</SortHead>
                <TableHead>Mobile</TableHead>
                <SortHead by="dateOfJoining">Joined</SortHead>
                <SortHead by="status">Status</SortHead>
                <TableHead className="text-right">
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.id} className="cursor-pointer" data-testid="employee-row" onClick={() => open(r.id)}>
                  <TableCell>
                    <div className="flex items-center gap-3">
                      <UserAvatar name={r.name} className="size-8" />
                      <div className="min-w-0">
                        <div className="truncate font-medium">{r.name}</div>
                        <div className="truncate text-xs text-muted-foreground">{r.email ?? ''}</div>
                      </div>
                    </div>
                  </TableCell>
                  <TableCell className="font-mono text-xs">{r.employeeCode}</TableCell>
                  <TableCell>{r.unitName}</TableCell>
                  <TableCell>{r.departmentName}</TableCell>
                  <TableCell>{r.designationName}</TableCell>
                  <TableCell>{r.mobile}</TableCell>
                  <TableCell>{formatDate(r.dateOfJoining)}</TableCell>
                  <TableCell>
                    <StatusBadge status={r.status} />
                  </TableCell>
                  <TableCell className="text-right" onClick={(e) => e.stopPropagation()}>
                    {actions.edit && (
                      <Button variant="ghost" size="icon-sm" aria-label={`Edit ${r.name}`} onClick={() => open(r.id)}>
                        <Pencil />
                      </Button>
                    )}
                    {actions.delete && (
                      <Button variant="ghost" size="icon-sm" aria-label={`Delete ${r.name}`} onClick={() => setDeleting(r)}>
                        <Trash2 className="text-destructive" />
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}

      <div className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
        <div className="flex items-center gap-2">
          Rows per page
          <select className={FILTER_CLASS} value={pageSize} onChange={(e) => setPageSize(Number(e.target.value))}>
            {[10, 25, 50, 100].map((n) => (
              <option key={n}>{n}</option>
            ))}
          </select>
        </div>
        <div className="flex items-center gap-2">
          Page {page} of {formatCount(pages)}
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Previous
          </Button>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            Next
          </Button>
        </div>
      </div>

      <ImportDialog
        open={importOpen}
        onOpenChange={setImportOpen}
        onImported={() => void queryClient.invalidateQueries({ queryKey: ['employees'] })}
      />
      {actions.approve && <ChangeRequestsDialog open={requestsOpen} onOpenChange={setRequestsOpen} />}

      <Dialog open={deleting !== null} onOpenChange={(v) => !v && setDeleting(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Delete {deleting?.name}?</DialogTitle>
            <DialogDescription>
              Only an employee nothing uses yet can be deleted. Once attendance or salary exists, mark the employee as exited instead: every
              record is kept.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={() => void confirmDelete()}>
              Delete
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
