import type { TAuditEntry, TAuditPage } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { type DataColumn, DataTable, PaginationBar, useDebounced } from '@/components/data-table';
import { ReferenceSelect } from '@/components/resource/ReferenceSelect';
import { Badge } from '@/components/ui/badge';
import { DateInput } from '@/components/ui/date-input';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { EmptyState, PageHeader } from '@/components/ui/page-header';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { formatDateTime } from '@/lib/format';
import { useCurrentMenu } from '@/lib/useCurrentMenu';

type Filters = { entity: string; userId: number | null; action: string; from: string; to: string; entityId: string };
const EMPTY: Filters = { entity: '', userId: null, action: '', from: '', to: '', entityId: '' };

/** Who changed what and when, across the whole application: read-only, filtered and paged on the server. */
export default function AuditTrailScreen() {
  const { menu } = useCurrentMenu(MENU.auditTrail);
  // A record's history links here with its record (a mapping's owner) in the navigation state, not in the URL.
  const linked = (useLocation().state as { entityId?: unknown } | null)?.entityId;
  const [filters, setFilters] = useState<Filters>(() => ({ ...EMPTY, entityId: typeof linked === 'string' ? linked : '' }));
  const entityId = useDebounced(filters.entityId.trim());
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const [open, setOpen] = useState<TAuditEntry | null>(null);
  const set = <K extends keyof Filters>(k: K, v: Filters[K]) => {
    setFilters((f) => ({ ...f, [k]: v }));
    setPage(1);
  };
  const entities = useQuery({
    queryKey: ['audit', 'entities'],
    queryFn: ({ signal }) => api.get<string[]>(apiPath('/api/audit/entities'), undefined, { signal }),
  });
  const actions = useQuery({
    queryKey: ['audit', 'actions'],
    queryFn: ({ signal }) => api.get<string[]>(apiPath('/api/audit/actions'), undefined, { signal }),
  });
  const query = {
    page,
    pageSize,
    entity: filters.entity || undefined,
    entityId: entityId || undefined,
    userId: filters.userId ?? undefined,
    action: filters.action || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
  };
  const trail = useQuery({
    queryKey: ['audit', query],
    queryFn: ({ signal }) => api.get<TAuditPage>(apiPath('/api/audit'), query, { signal }),
    placeholderData: keepPreviousData,
  });
  const columns: DataColumn<TAuditEntry>[] = [
    { id: 'at', header: 'When', cell: (r) => <span className="whitespace-nowrap">{formatDateTime(r.at)}</span> },
    { id: 'user', header: 'Who', cell: (r) => r.userName ?? <span className="text-muted-foreground">system</span> },
    {
      id: 'action',
      header: 'Action',
      cell: (r) => (
        <Badge variant={r.action === 'delete' ? 'destructive' : r.action === 'create' ? 'success' : 'secondary'}>{r.action}</Badge>
      ),
    },
    {
      id: 'entity',
      header: 'Record',
      // The screens' words (the server's presentation layer): the kind of record, its name where it has one.
      cell: (r) => (
        <span className="text-xs" title={`${r.entity} #${r.entityId}`}>
          {r.entityLabel} {r.recordLabel ? <span className="font-medium">{r.recordLabel}</span> : `#${r.entityId}`}
        </span>
      ),
    },
    {
      id: 'changes',
      header: 'Changes',
      cell: (r) => (
        <span className="line-clamp-2 text-xs text-muted-foreground">
          {r.changes.length === 0 ? '—' : r.changes.map((c) => `${c.field}: ${c.from} → ${c.to}`).join(' · ')}
        </span>
      ),
    },
  ];
  const total = trail.data?.total ?? 0;
  const select = 'h-9 rounded-md border border-input bg-background px-2 text-sm';
  return (
    <div className="space-y-4" data-testid="audit-trail">
      <PageHeader
        title={menu?.label ?? 'Audit Trail'}
        description={`Every change recorded, newest first: who, when, which record and what changed. ${total.toLocaleString('en-IN')} entries match.`}
      />
      <div className="flex flex-wrap items-end gap-2">
        <select className={select} aria-label="Record type" value={filters.entity} onChange={(e) => set('entity', e.target.value)}>
          <option value="">All record types</option>
          {(entities.data ?? []).map((e) => (
            <option key={e} value={e}>
              {e}
            </option>
          ))}
        </select>
        <Input
          className="w-32"
          aria-label="Record id"
          placeholder="Record id"
          value={filters.entityId}
          onChange={(e) => set('entityId', e.target.value)}
        />
        <div className="w-56">
          <ReferenceSelect
            resource="user"
            aria-label="User"
            placeholder="All users"
            value={filters.userId}
            onChange={(v) => set('userId', v)}
          />
        </div>
        <select className={select} aria-label="Action" value={filters.action} onChange={(e) => set('action', e.target.value)}>
          <option value="">All actions</option>
          {(actions.data ?? []).map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </select>
        <label className="flex items-center gap-1 text-sm text-muted-foreground">
          From
          <DateInput className="w-40" aria-label="From" value={filters.from} onChange={(e) => set('from', e.target.value)} />
        </label>
        <label className="flex items-center gap-1 text-sm text-muted-foreground">
          To
          <DateInput className="w-40" aria-label="To" value={filters.to} onChange={(e) => set('to', e.target.value)} />
        </label>
      </div>
      <DataTable
        columns={columns}
        rows={trail.data?.rows ?? []}
        rowKey={(r) => r.id}
        sort={{ id: 'at', desc: true }}
        onSort={() => undefined}
        loading={trail.isLoading}
        empty={<EmptyState icon={<History />} title="No changes" description="Nothing recorded matches these filters." />}
        rowProps={(r) => ({ 'data-testid': 'audit-row', className: 'cursor-pointer', onClick: () => setOpen(r) })}
      />
      <PaginationBar
        page={page}
        pages={Math.max(1, Math.ceil(total / pageSize))}
        pageSize={pageSize}
        onPageChange={setPage}
        onPageSizeChange={(s) => {
          setPageSize(s);
          setPage(1);
        }}
      />
      <Dialog open={open !== null} onOpenChange={(o) => !o && setOpen(null)}>
        <DialogContent className="sm:max-w-2xl" data-testid="audit-detail">
          <DialogHeader>
            <DialogTitle>{open ? `${open.action} of ${open.entityLabel} ${open.recordLabel ?? `#${open.entityId}`}` : ''}</DialogTitle>
            <DialogDescription>
              {open
                ? `${open.userName ?? 'system'}, ${formatDateTime(open.at)}${open.requestId ? ` · request ${open.requestId}` : ''}`
                : ''}
            </DialogDescription>
          </DialogHeader>
          <div className="max-h-[60vh] overflow-auto">
            <table className="w-full text-sm">
              <thead>
                <tr className="text-left text-muted-foreground">
                  <th className="py-1 pr-3 font-medium">Field</th>
                  <th className="py-1 pr-3 font-medium">Before</th>
                  <th className="py-1 font-medium">After</th>
                </tr>
              </thead>
              <tbody>
                {(open?.changes ?? []).map((c) => (
                  <tr key={c.field} className="border-t align-top">
                    <td className="py-1 pr-3 font-medium">{c.field}</td>
                    <td className="break-all py-1 pr-3">{c.from}</td>
                    <td className="break-all py-1">{c.to}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}
