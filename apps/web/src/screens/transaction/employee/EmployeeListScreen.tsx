import { EMPLOYEE_STATUSES, STATUS_LABEL, type TEmployeeListQuery, type TEmployeeListRow } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { useQueryClient } from '@tanstack/react-query';
import { ClipboardCheck, FileSpreadsheet, FileUp, Plus, Search, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { type DataColumn, DataTable, nextSort, PaginationBar, RowActions, useDebounced } from '@/components/data-table';
import { useEmployeeList } from '@/components/employee/api';
import { StatusBadge } from '@/components/employee/StatusBadge';
import { ReferenceSelect } from '@/components/resource/ReferenceSelect';
import { UserAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { EmptyState, PageHeader } from '@/components/ui/page-header';
import { api } from '@/lib/api';
import { encryptParam } from '@/lib/crypto';
import { downloadFile } from '@/lib/files';
import { formatCount, formatDate } from '@/lib/format';
import { toast } from '@/lib/toast-store';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { ChangeRequestsDialog } from './ChangeRequestsDialog';
import { ImportDialog } from './ImportDialog';

type Sort = NonNullable<TEmployeeListQuery['sort']>;
const FILTER_CLASS = 'h-9 rounded-md border border-input bg-background px-2 text-sm';

/** /outlet/transaction/employee: the employee list with server-side paging, sort, search and filters. */
export default function EmployeeListScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { menu, actions } = useCurrentMenu(MENU.employee);
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<{
    unitId?: number;
    departmentId?: number;
    designationId?: number;
    categoryId?: number;
    status?: string;
  }>({});
  const [sort, setSort] = useState<{ id: Sort; desc: boolean }>({ id: 'employeeCode', desc: false });
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
    sort: sort.id,
    order: sort.desc ? 'desc' : 'asc',
    search: debounced || undefined,
    ...(filters as Partial<TEmployeeListQuery>),
  };
  const list = useEmployeeList(query);
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const open = (id: number | 'new') => navigate(`${MENU.employee}/${id === 'new' ? 'new' : encryptParam(String(id))}`);

  // Always sorted by some column: a third click turns back to ascending.
  const onSort = (id: string) => setSort((s) => (nextSort(s, id, false) ?? s) as { id: Sort; desc: boolean });
  const columns: DataColumn<TEmployeeListRow>[] = [
    {
      id: 'name',
      header: 'Employee',
      sortable: true,
      cell: (r) => (
        <div className="flex items-center gap-3">
          <UserAvatar name={r.name} className="size-8" />
          <div className="min-w-0">
            <div className="truncate font-medium">{r.name}</div>
            <div className="truncate text-xs text-muted-foreground">{r.email ?? ''}</div>
          </div>
        </div>
      ),
    },
    { id: 'employeeCode', header: 'Code', sortable: true, className: 'font-mono text-xs', cell: (r) => r.employeeCode },
    { id: 'unitName', header: 'Unit', sortable: true, cell: (r) => r.unitName },
    { id: 'departmentName', header: 'Department', sortable: true, cell: (r) => r.departmentName },
    { id: 'designationName', header: 'Designation', sortable: true, cell: (r) => r.designationName },
    { id: 'mobile', header: 'Mobile', cell: (r) => r.mobile },
    { id: 'dateOfJoining', header: 'Joined', sortable: true, cell: (r) => formatDate(r.dateOfJoining) },
    { id: 'status', header: 'Status', sortable: true, cell: (r) => <StatusBadge status={r.status} /> },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      headClassName: 'text-right',
      className: 'text-right',
      isolated: true,
      cell: (r) => (
        <RowActions
          onEdit={actions.edit ? () => open(r.id) : undefined}
          onDelete={actions.delete ? () => setDeleting(r) : undefined}
          editLabel={`Edit ${r.name}`}
          deleteLabel={`Delete ${r.name}`}
        />
      ),
    },
  ];
  const setFilter = (k: keyof typeof filters, v: string) =>
    setFilters((f) => ({ ...f, [k]: v === '' ? undefined : k === 'status' ? v : Number(v) }));

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
        <FilterSelect label="Unit" all="All units" resource="unit" value={filters.unitId} onChange={(v) => setFilter('unitId', v)} />
        <FilterSelect
          label="Department"
          all="All departments"
          resource="department"
          value={filters.departmentId}
          onChange={(v) => setFilter('departmentId', v)}
        />
        <FilterSelect
          label="Designation"
          all="All designations"
          resource="designation"
          value={filters.designationId}
          onChange={(v) => setFilter('designationId', v)}
        />
        <FilterSelect
          label="Category"
          all="All categories"
          resource="category"
          value={filters.categoryId}
          onChange={(v) => setFilter('categoryId', v)}
        />
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

      <DataTable
        className="rounded-lg bg-card"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        sort={sort}
        onSort={onSort}
        loading={list.isFetching}
        error={list.isError && !list.data ? 'The employees could not be loaded.' : undefined}
        empty={
          <EmptyState
            className="border-0 p-0"
            icon={<Users />}
            title="No employees found"
            description="Change the search or filters, or add an employee."
          />
        }
        rowProps={(r) => ({ className: 'cursor-pointer', 'data-testid': 'employee-row', onClick: () => open(r.id) })}
      />

      <PaginationBar className="mt-4" page={page} pages={pages} pageSize={pageSize} onPageChange={setPage} onPageSizeChange={setPageSize} />

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

/** One of the list's filters: a searchable choice from a master resource; empty means "all". */
function FilterSelect(props: {
  label: string;
  all: string;
  resource: string;
  value: number | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <ReferenceSelect
      resource={props.resource}
      aria-label={props.label}
      placeholder={props.all}
      value={props.value ?? null}
      className="h-9 w-44"
      onChange={(v) => props.onChange(v == null ? '' : String(v))}
    />
  );
}
