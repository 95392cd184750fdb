import { SEPARATION_TYPE_LABEL, type TSeparation, type TSeparationType } from '@hr/contract';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

const TONE: Record<string, string> = {
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-emerald-100 text-emerald-900',
  computed: 'bg-sky-100 text-sky-900',
  rejected: 'bg-rose-100 text-rose-900',
  withdrawn: 'bg-muted text-muted-foreground',
  cancelled: 'bg-muted text-muted-foreground',
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge variant="secondary" className={cn('capitalize', TONE[status])} data-testid="exit-status">
      {status}
    </Badge>
  );
}

export const typeLabel = (t: TSeparationType) => SEPARATION_TYPE_LABEL[t];
/** A status as the filters list it ('approved' → 'Approved'). */
export const statusLabel = (s: string) => s[0].toUpperCase() + s.slice(1);
export const dmy = (iso: string) => iso.split('-').reverse().join('/');

export function Employee({ s }: { s: Pick<TSeparation, 'employeeName' | 'employeeCode' | 'unitName'> }) {
  return (
    <div className="min-w-0">
      <div className="truncate font-medium">{s.employeeName}</div>
      <div className="truncate text-xs text-muted-foreground">
        <span className="font-mono">{s.employeeCode}</span> · {s.unitName}
      </div>
    </div>
  );
}
