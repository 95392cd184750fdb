import type { TAuditRow, TResource } from '@hr/contract';
import { useQuery } from '@tanstack/react-query';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { api } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { type Row, resourceUrl } from './api';

const SKIP = new Set(['createdAt', 'updatedAt', 'createdBy', 'updatedBy']);

/** Fields that differ between before and after (labels where the resource knows them). */
function changes(r: TResource, before: unknown, after: unknown): { field: string; from: string; to: string }[] {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => !SKIP.has(k) && !k.endsWith('Label'));
  const show = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));
  return keys
    .filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]))
    .map((k) => ({ field: r.fields[k]?.label ?? (k === 'isActive' ? 'Active' : k), from: show(b[k]), to: show(a[k]) }));
}

/** The change history of one record (who, when, before → after); administrators only. */
export function AuditDialog({ resource: r, row, onClose }: { resource: TResource; row: Row | null; onClose: () => void }) {
  const trail = useQuery({
    queryKey: ['resource', r.name, 'audit', row?.id],
    queryFn: ({ signal }) => api.get<TAuditRow[]>(resourceUrl(r, `/${row?.id}/audit`), undefined, { signal }),
    enabled: row !== null,
  });
  return (
    <Dialog open={row !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="sm:max-w-2xl" data-testid="audit-dialog">
        <DialogHeader>
          <DialogTitle>Change history</DialogTitle>
          <DialogDescription>Every change to this {r.singular.toLowerCase()}, newest first.</DialogDescription>
        </DialogHeader>
        <ol className="space-y-3">
          {(trail.data ?? []).map((e) => {
            const diff = e.action === 'update' ? changes(r, e.before, e.after) : [];
            return (
              <li key={e.id} className="rounded-md border p-3 text-sm" data-testid="audit-entry">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge variant={e.action === 'delete' ? 'destructive' : 'secondary'}>{e.action}</Badge>
                  <span className="font-medium">{e.userName ?? 'system'}</span>
                  <span className="text-muted-foreground">{formatDateTime(e.at)}</span>
                </div>
                {diff.length > 0 && (
                  <ul className="mt-2 space-y-0.5 text-xs">
                    {diff.map((d) => (
                      <li key={d.field}>
                        <span className="text-muted-foreground">{d.field}:</span> {d.from} → {d.to}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
          {trail.data?.length === 0 && (
            <li className="text-sm text-muted-foreground">
              No change has been recorded for this record (a record that came with the demo data or a mapping line saved with its unit has
              none of its own).
            </li>
          )}
        </ol>
      </DialogContent>
    </Dialog>
  );
}
