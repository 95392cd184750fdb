import { MASTER_BASE, type TListQuery, type TResource } from '@hr/contract';
import { useQueryClient } from '@tanstack/react-query';
import { FileSpreadsheet, Pencil, Plus, Search } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { type DataColumn, DataTable, nextSort, PaginationBar, RowActions, type SortState, useDebounced } from '@/components/data-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toaster';
import { api } from '@/lib/api';
import { encryptParam } from '@/lib/crypto';
import { formatDate } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { AuditDialog } from './AuditDialog';
import { downloadExport, type Row, resourceUrl, useResourceList } from './api';
import { ReferenceSelect } from './ReferenceSelect';
import { ResourceForm } from './ResourceForm';

/** The path of a resource's modify route for one row. */
export function modifyPath(r: TResource, row: Row): string | null {
  if (!r.modify) return null;
  const base = `${MASTER_BASE}/${r.path}`;
  if (r.mapping) {
    const owner = row[r.mapping.owner] as number;
    return `${base}/${encryptParam(r.modify.kind === 'json' ? { [r.mapping.owner]: owner } : owner)}`;
  }
  return `${base}/${encryptParam(r.modify.kind === 'json' ? { id: row.id } : row.id)}`;
}

function cellText(r: TResource, field: string, row: Row): React.ReactNode {
  const def = r.fields[field];
  const label = row[`${field}Label`];
  if (label !== undefined) return (label as string | null) ?? (def?.kind === 'multiselect' ? 'All' : '—');
  const v = row[field];
  if (v === null || v === undefined || v === '') return '—';
  if (def?.kind === 'boolean') return v ? 'Yes' : 'No';
  if (def?.kind === 'date') return formatDate(String(v));
  if (def?.kind === 'time') return String(v).slice(0, 5);
  if (def?.options) return def.options.find((o) => o.value === v)?.label ?? String(v);
  return String(v);
}

type TActive = 'all' | 'true' | 'false';

/** The list's columns: the resource's own, its status, and the row actions the role has. */
function useResourceColumns(
  r: TResource,
  can: { edit: boolean; delete: boolean; history: boolean },
  on: { edit: (row: Row) => void; delete: (row: Row) => void; history: (row: Row) => void },
) {
  return useMemo<DataColumn<Row>[]>(() => {
    const cols: DataColumn<Row>[] = r.columns.map((field) => ({
      id: field,
      header: r.fields[field]?.label ?? field,
      sortable: r.sortable.includes(field),
      cell: (row) => cellText(r, field, row),
    }));
    cols.push({
      id: 'isActive',
      header: 'Status',
      sortable: true,
      cell: (row) => (row.isActive ? <Badge variant="secondary">Active</Badge> : <Badge variant="outline">Inactive</Badge>),
    });
    if (can.edit || can.delete || can.history) {
      cols.push({
        id: 'actions',
        header: <span className="sr-only">Actions</span>,
        cell: (row) => (
          <RowActions
            onHistory={can.history ? () => on.history(row) : undefined}
            onEdit={can.edit ? () => on.edit(row) : undefined}
            onDelete={can.delete && r.canDelete ? () => on.delete(row) : undefined}
            editLabel={`Edit ${r.singular}`}
            deleteLabel={`Delete ${r.singular}`}
          />
        ),
      });
    }
    return cols;
  }, [r, can.edit, can.delete, can.history, on.edit, on.delete, on.history]);
}

/** One filter of the resource: another resource's record, or one of the field's options (yes / no for a flag). */
function ListFilter({
  r,
  field,
  filters,
  setFilters,
}: {
  r: TResource;
  field: string;
  filters: Record<string, unknown>;
  setFilters: React.Dispatch<React.SetStateAction<Record<string, unknown>>>;
}) {
  const def = r.fields[field];
  if (def.kind === 'select' && def.reference) {
    return (
      <div className="w-48">
        <ReferenceSelect
          resource={def.reference}
          value={(filters[field] as number | null) ?? null}
          onChange={(v) => setFilters((f) => ({ ...f, [field]: v }))}
          placeholder={`Any ${def.label.toLowerCase()}`}
          aria-label={def.label}
          data-testid={`filter-${field}`}
        />
      </div>
    );
  }
  const options =
    def.kind === 'boolean'
      ? [
          { value: 'true', label: `${def.label}: yes` },
          { value: 'false', label: `${def.label}: no` },
        ]
      : (def.options ?? []);
  return (
    <select
      aria-label={def.label}
      data-testid={`filter-${field}`}
      className="h-9 rounded-md border border-input bg-transparent px-2 text-sm dark:bg-input/30"
      value={String(filters[field] ?? '')}
      onChange={(e) => setFilters((f) => ({ ...f, [field]: e.target.value }))}
    >
      <option value="">{`Any ${def.label.toLowerCase()}`}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/** The add / edit dialog of a resource without a modify route; asks before discarding unsaved changes. */
function ResourceFormDialog({ r, editing, onClose }: { r: TResource; editing: Row | 'new' | null; onClose: () => void }) {
  const [dirty, setDirty] = useState(false);
  const closeForm = (open: boolean) => {
    if (open) return;
    if (dirty && !window.confirm('Discard your unsaved changes?')) return;
    onClose();
    setDirty(false);
  };
  return (
    <Dialog open={editing !== null} onOpenChange={closeForm}>
      <DialogContent className="sm:max-w-2xl" onInteractOutside={(e) => dirty && e.preventDefault()}>
        <DialogHeader>
          <DialogTitle>{editing === 'new' ? `Add ${r.singular}` : `Edit ${r.singular}`}</DialogTitle>
          <DialogDescription>Fields marked * are required.</DialogDescription>
        </DialogHeader>
        {editing !== null && (
          <ResourceForm
            resource={r}
            row={editing === 'new' ? null : editing}
            onDirtyChange={setDirty}
            onSaved={() => {
              setDirty(false);
              onClose();
            }}
            onCancel={() => closeForm(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Asks before deleting a record, then deletes it and refreshes the list. */
function DeleteDialog({ r, row, onClose }: { r: TResource; row: Row | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const confirmDelete = async () => {
    if (!row) return;
    try {
      await api.delete(resourceUrl(r, `/${row.id}`));
      toast({ variant: 'success', title: 'Deleted', description: `${r.singular} removed` });
      onClose();
      await queryClient.invalidateQueries({ queryKey: ['resource', r.name] });
    } catch {
      onClose();
    }
  };
  return (
    <Dialog open={row !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete this {r.singular.toLowerCase()}?</DialogTitle>
          <DialogDescription>{row ? `“${cellText(r, r.labelField, row)}” will be removed. This cannot be undone.` : ''}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={confirmDelete} data-testid="confirm-delete">
            Delete
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The screen's heading: the title, the count, Excel, and Add (or, for a mapping, the owner to map). */
function ListHeader({
  r,
  total,
  loading,
  query,
  actions,
  onEdit,
}: {
  r: TResource;
  total: number;
  loading: boolean;
  query: TListQuery;
  actions: { add: boolean; edit: boolean };
  onEdit: (row: Row | 'new') => void;
}) {
  const navigate = useNavigate();
  const [owner, setOwner] = useState<number | null>(null);
  const addNew = () => {
    if (r.mapping) {
      if (owner && r.modify) {
        navigate(modifyPath(r, { id: 0, [r.mapping.owner]: owner }) as string);
      }
      return;
    }
    onEdit('new');
  };
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight" data-testid="screen-title">
          {r.title}
        </h1>
        <p className="text-sm text-muted-foreground" data-testid="list-total">
          {loading ? 'Loading…' : `${total.toLocaleString('en-IN')} record${total === 1 ? '' : 's'}`}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" onClick={() => downloadExport(r, query).catch(() => {})} data-testid="export-excel">
          <FileSpreadsheet /> Excel
        </Button>
        {r.mapping && actions.edit && (
          <div className="flex items-center gap-2">
            <div className="w-56">
              <ReferenceSelect
                resource={r.fields[r.mapping.owner].reference ?? ''}
                value={owner}
                onChange={setOwner}
                placeholder={`Choose a ${r.fields[r.mapping.owner].label.toLowerCase()}`}
                aria-label={r.fields[r.mapping.owner].label}
                data-testid="mapping-owner"
              />
            </div>
            <Button onClick={addNew} disabled={!owner} data-testid="mapping-open">
              <Pencil /> Map
            </Button>
          </div>
        )}
        {!r.mapping && actions.add && r.canCreate && (
          <Button onClick={addNew} data-testid="add-record">
            <Plus /> Add {r.singular}
          </Button>
        )}
      </div>
    </div>
  );
}

/** The list's query state (page, size, sort, search, status, filters) and the query it makes. */
function useListQuery() {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const [sort, setSort] = useState<SortState>(null);
  const [search, setSearch] = useState('');
  const [active, setActive] = useState<TActive>('all');
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  const debounced = useDebounced(search.trim());

  useEffect(() => setPage(1), [debounced, active, filters, pageSize]);

  const activeFilters = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== '' && v !== null && v !== undefined));
  const query: TListQuery = {
    page,
    pageSize,
    sort: sort?.id,
    dir: sort ? (sort.desc ? 'desc' : 'asc') : undefined,
    search: debounced || undefined,
    active,
    filters: Object.keys(activeFilters).length ? JSON.stringify(activeFilters) : undefined,
  };
  const onSort = (id: string) => {
    setSort((s) => nextSort(s, id));
    setPage(1);
  };
  return { query, page, setPage, pageSize, setPageSize, sort, onSort, search, setSearch, active, setActive, filters, setFilters };
}

/** The generic list of any resource: server-side paging, sorting, search, filters; add/edit/delete by role. */
export function ResourceListScreen({ resource: r }: { resource: TResource }) {
  const navigate = useNavigate();
  const { actions } = useCurrentMenu(r.menu);
  const q = useListQuery();
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [history, setHistory] = useState<Row | null>(null);
  const isAdmin = useSession((s) => s.acc_dtls?.isAdmin ?? false);

  const list = useResourceList(r, q.query);
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / q.pageSize));

  const openEdit = useCallback(
    (row: Row) => {
      const path = r.modify ? modifyPath(r, row) : null;
      if (path) navigate(path);
      else setEditing(row);
    },
    [r, navigate],
  );
  const columns = useResourceColumns(
    r,
    { edit: actions.edit, delete: actions.delete, history: isAdmin },
    { edit: openEdit, delete: setDeleting, history: setHistory },
  );

  return (
    <div className="mx-auto max-w-7xl space-y-4" data-testid={`resource-list-${r.name}`}>
      <ListHeader r={r} total={total} loading={list.isLoading} query={q.query} actions={actions} onEdit={setEditing} />

      <Card>
        <CardContent className="space-y-3 p-4">
          <div className="flex flex-wrap items-center gap-2">
            <div className="relative w-full max-w-xs">
              <Search className="absolute top-2.5 left-2.5 size-4 text-muted-foreground" />
              <Input
                placeholder="Search…"
                className="pl-8"
                value={q.search}
                onChange={(e) => q.setSearch(e.target.value)}
                data-testid="list-search"
                aria-label="Search"
              />
            </div>
            {r.filters.map((field) => (
              <ListFilter key={field} r={r} field={field} filters={q.filters} setFilters={q.setFilters} />
            ))}
            <select
              aria-label="Status"
              data-testid="filter-active"
              className="h-9 rounded-md border border-input bg-transparent px-2 text-sm dark:bg-input/30"
              value={q.active}
              onChange={(e) => q.setActive(e.target.value as TActive)}
            >
              <option value="all">Active and inactive</option>
              <option value="true">Active only</option>
              <option value="false">Inactive only</option>
            </select>
          </div>

          <DataTable
            columns={columns}
            rows={rows}
            rowKey={(row) => row.id}
            sort={q.sort}
            onSort={q.onSort}
            loading={list.isLoading}
            error={list.isError && !list.data ? 'The list could not be loaded.' : undefined}
          />

          <PaginationBar page={q.page} pages={pages} pageSize={q.pageSize} onPageChange={q.setPage} onPageSizeChange={q.setPageSize} />
        </CardContent>
      </Card>

      <ResourceFormDialog r={r} editing={editing} onClose={() => setEditing(null)} />

      <AuditDialog resource={r} row={history} onClose={() => setHistory(null)} />

      <DeleteDialog r={r} row={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}

export default ResourceListScreen;
