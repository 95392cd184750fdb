// The salary run screen's statutory summary: PF (with the establishment's EPF administration charges recorded
// when the run was processed), ESI, professional tax and labour welfare fund of a processed run, read from
// GET /api/payroll/runs/:id/statutory. Nothing for a draft or processing run.
import type { TRun, TRunStatutory } from '@hr/contract';
import { useQuery } from '@tanstack/react-query';
import { Figure } from '@/components/common/Figure';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { formatCount, formatRupees } from '@/lib/format';
import { RunWageRuleCard } from './RunWageRuleCard';

export function RunStatutoryCard({ run }: { run: TRun }) {
  const ready = run.status === 'processed' || run.status === 'approved' || run.status === 'locked';
  const query = useQuery({
    queryKey: ['payroll', 'run-statutory', run.id, run.processedAt],
    queryFn: ({ signal }) =>
      api.get<TRunStatutory>(apiPath('/api/payroll/runs/:id/statutory', { id: run.id }), undefined, { signal, bypass_log: true }),
    enabled: ready,
  });
  const s = query.data;
  if (!ready || !s) return null;
  return (
    <>
      <Card data-testid="run-statutory">
        <CardHeader>
          <CardTitle>Statutory summary</CardTitle>
          <CardDescription>
            PF {formatCount(s.pf.members)} members · ESI {formatCount(s.esi.covered)} covered · PT {formatCount(s.pt.employees)} · LWF{' '}
            {formatCount(s.lwf.employees)}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid grid-cols-2 gap-4 sm:grid-cols-4 lg:grid-cols-6">
          <Figure label="EPF wages" value={formatRupees(s.pf.epfWages)} />
          <Figure label="PF (member)" value={formatRupees(s.pf.employee)} />
          <Figure label="EPS" value={formatRupees(s.pf.eps)} />
          <Figure label="EPF difference" value={formatRupees(s.pf.epf)} />
          <Figure label="EDLI" value={formatRupees(s.pf.edli)} />
          <Figure
            label="PF admin charges"
            value={<span data-testid="run-pf-admin">{s.pf.adminCharges === null ? '—' : formatRupees(s.pf.adminCharges)}</span>}
          />
          <Figure label="ESI wages" value={formatRupees(s.esi.wages)} />
          <Figure label="ESI (employee)" value={formatRupees(s.esi.employee)} />
          <Figure label="ESI (employer)" value={formatRupees(s.esi.employer)} />
          <Figure label="Professional tax" value={formatRupees(s.pt.amount)} />
          <Figure label="LWF (employee)" value={formatRupees(s.lwf.employee)} />
          <Figure label="LWF (employer)" value={formatRupees(s.lwf.employer)} />
        </CardContent>
      </Card>
      <RunWageRuleCard run={run} />
    </>
  );
}
