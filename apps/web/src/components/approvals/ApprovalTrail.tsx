import { formatDateTime } from '@/lib/format';

type HistoryLine = { level: number; action: string; actorName: string; remark: string | null; at: string };

const VERB: Record<string, string> = {
  submitted: 'Submitted',
  resubmitted: 'Submitted again',
  amended: 'Submitted again in part',
  reopened: 'Reopened',
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
};

/** The steps of an approval: who did what, at which level, when, and the remark. */
export function ApprovalTrail({ lines, showLevel = true }: { lines: HistoryLine[]; showLevel?: boolean }) {
  if (lines.length === 0) return <p className="text-sm text-muted-foreground">No step recorded yet.</p>;
  return (
    <ol className="space-y-1.5 border-l pl-3 text-sm" data-testid="approval-history">
      {lines.map((h, i) => (
        <li key={`${h.at}-${i}`}>
          <span className="font-medium">{VERB[h.action] ?? h.action}</span>
          {showLevel && h.level > 0 && h.action !== 'submitted' ? ` (level ${h.level})` : ''} by{' '}
          <span className="font-medium">{h.actorName}</span>
          <span className="text-muted-foreground">, {formatDateTime(h.at)}</span>
          {h.remark ? <span className="block text-muted-foreground">“{h.remark}”</span> : null}
        </li>
      ))}
    </ol>
  );
}
