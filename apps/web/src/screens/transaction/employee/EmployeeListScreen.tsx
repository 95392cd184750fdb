import { EMPLOYEE_STATUSES, STATUS_LABEL, type TEmployeeListQuery, type TEmployeeListRow, type TMenuActions } from '@hr/contract';
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
import { apiPath } from '@/lib/api-path';
import { encryptParam } from '@/lib/crypto';
import { downloadFile } from '@/lib/files';
import { formatCount, formatDate } from '@/lib/format';
import { useAction } from '@/lib/useAction';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { ChangeRequestsDialog } from './ChangeRequestsDialog';
import { ImportDialog } from './ImportDialog';

type Sort = NonNullable<TEmployeeListQuery['sort']>;
const FILTER_CLASS = 'h-9 rounded-md border border-input bg-background px-2 text-sm';

type TFilters = { unitId?: number; departmentId?: number; designationId?: number; categoryId?: number; status?: string };

/** The list's columns, with Edit and Delete for the roles that may. */
function employeeColumns(
  onEdit: ((r: TEmployeeListRow) => void) | undefined,
  onDelete: ((r: TEmployeeListRow) => void) | undefined,
): DataColumn<TEmployeeListRow>[] {
  return [
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
          onEdit={onEdit ? () => onEdit(r) : undefined}
          onDelete={onDelete ? () => onDelete(r) : undefined}
          editLabel={`Edit ${r.name}`}
          deleteLabel={`Delete ${r.name}`}
        />
      ),
    },
  ];
}

/** The search box and the filters: unit, department, designation, category, status. */
function EmployeeFilters(props: {
  search: string;
  onSearch: (v: string) => void;
  filters: TFilters;
  setFilter: (k: keyof TFilters, v: string) => void;
}) {
  const { filters, setFilter } = props;
  return (
    <div className="mb-4 flex flex-wrap items-center gap-2">
      <div className="relative min-w-64 flex-1">
        <Search className="absolute top-2.5 left-2.5 size-4 text-muted-foreground" />
        <Input
          className="pl-8"
          placeholder="Search name, code or mobile"
          value={props.search}
          onChange={(e) => props.onSearch(e.target.value)}
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
  );
}

/** Asks before deleting an employee nothing uses yet, then deletes (409 when something does: mark as exited instead). */
function DeleteEmployeeDialog({ deleting, onClose }: { deleting: TEmployeeListRow | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const remove = useAction((r: TEmployeeListRow) => api.delete(apiPath('/api/employees/:id', { id: r.id })), {
    success: (_result, r) => ({ title: 'Deleted', description: `${r.name} removed` }),
    onDone: async () => {
      await queryClient.invalidateQueries({ queryKey: ['employees'] });
      onClose();
    },
    // the toast explains (e.g. 409: used by payroll; mark as exited instead)
    onError: onClose,
  });
  return (
    <Dialog open={deleting !== null} onOpenChange={(v) => !v && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete {deleting?.name}?</DialogTitle>
          <DialogDescription>
            Only an employee nothing uses yet can be deleted. Once attendance or salary exists, mark the employee as exited instead: every
            record is kept.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={() => deleting && void remove.run(deleting)}>
            Delete
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The screen's buttons: change requests (approvers), Export of the filtered list, Import and Add (who may add). */
function ListActions(props: {
  actions: TMenuActions;
  query: TEmployeeListQuery;
  onRequests: () => void;
  onImport: () => void;
  onAdd: () => void;
}) {
  const { actions } = props;
  return (
    <>
      {actions.approve && (
        <Button variant="outline" onClick={props.onRequests}>
          <ClipboardCheck /> Change requests
        </Button>
      )}
      <Button
        variant="outline"
        onClick={() => {
          const { page: _p, pageSize: _s, ...rest } = props.query;
          void downloadFile(apiPath('/api/employees/export'), 'Employees.xlsx', rest as Record<string, string>);
        }}
      >
        <FileSpreadsheet /> Export
      </Button>
      {actions.add && (
        <Button variant="outline" onClick={props.onImport} data-testid="open-import">
          <FileUp /> Import
        </Button>
      )}
      {actions.add && (
        <Button onClick={props.onAdd} data-testid="add-employee">
          <Plus /> Add employee
        </Button>
      )}
    </>
  );
}

/** /outlet/transaction/employee: the employee list with server-side paging, sort, search and filters. */
export default function EmployeeListScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { menu, actions } = useCurrentMenu(MENU.employee);
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<TFilters>({});
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
  const columns = employeeColumns(actions.edit ? (r) => open(r.id) : undefined, actions.delete ? setDeleting : undefined);
  const setFilter = (k: keyof TFilters, v: string) =>
    setFilters((f) => ({ ...f, [k]: v === '' ? undefined : k === 'status' ? v : Number(v) }));

  return (
    <div>
      <PageHeader
        title={menu?.label ?? 'Employees'}
        description={`${formatCount(total)} employee${total === 1 ? '' : 's'}${debounced || Object.values(filters).some(Boolean) ? ' match' : ''}`}
        actions={
          <ListActions
            actions={actions}
            query={query}
            onRequests={() => setRequestsOpen(true)}
            onImport={() => setImportOpen(true)}
            onAdd={() => open('new')}
          />
        }
      />

      <EmployeeFilters search={search} onSearch={setSearch} filters={filters} setFilter={setFilter} />

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

      <DeleteEmployeeDialog deleting={deleting} onClose={() => setDeleting(null)} />
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
