import { auditChanges, type TAuditRow, type TResource } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { api } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { type Row, resourceUrl } from './api';

/** The change history of one record (who, when, before → after); administrators only. */
export function AuditDialog({ resource: r, row, onClose }: { resource: TResource; row: Row | null; onClose: () => void }) {
  const trail = useQuery({
    queryKey: ['resource', r.name, 'audit', row?.id],
    queryFn: ({ signal }) => api.get<TAuditRow[]>(resourceUrl(r, `/${row?.id}/audit`), undefined, { signal }),
    enabled: row !== null,
  });
  const ownerField = r.mapping?.owner;
  const owner = ownerField ? { field: ownerField, label: r.fields[ownerField]?.label ?? ownerField } : null;
  return (
    <Dialog open={row !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="sm:max-w-2xl" data-testid="audit-dialog">
        <DialogHeader>
          <DialogTitle>Change history</DialogTitle>
          <DialogDescription>Every change to this {r.singular.toLowerCase()}, newest first.</DialogDescription>
        </DialogHeader>
        <ol className="space-y-3">
          {(trail.data ?? []).map((e) => {
            const diff = auditChanges(e.before, e.after, (f) => r.fields[f]?.label ?? (f === 'isActive' ? 'Active' : f));
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
            <li className="text-sm text-muted-foreground" data-testid="audit-none">
              No change has been recorded for this {r.singular.toLowerCase()}.
            </li>
          )}
        </ol>
        {owner && row && (
          // A mapping is saved as a whole: that save is one audit line under its owner, not a line per mapped item.
          <p className="text-sm text-muted-foreground" data-testid="audit-mapping-note">
            Saving the {owner.label.toLowerCase()}'s whole mapping is recorded once for the {owner.label.toLowerCase()}, as record{' '}
            <span className="font-mono">{`${owner.field}:${String(row[owner.field])}`}</span>{' '}
            <Link
              className="text-primary underline-offset-4 hover:underline"
              to={MENU.auditTrail}
              state={{ entityId: `${owner.field}:${String(row[owner.field])}` }}
              onClick={onClose}
            >
              in the audit trail
            </Link>
            .
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}
