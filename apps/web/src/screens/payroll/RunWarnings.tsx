import type { TRun, TRunWarnings } from '@hr/contract';
import { useQuery } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { Figure } from '@/components/common/Figure';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { formatCount } from '@/lib/format';

const KIND_LABEL = { esi: 'ESI', pf: 'PF', bank: 'Bank' } as const;

/** GET /api/payroll/runs/{id}/warnings, once the run has slips (refetched with the run). */
function useRunWarnings(run: TRun) {
  const hasSlips = run.status !== 'draft' && run.status !== 'processing' && run.employeeCount > 0;
  return useQuery({
    queryKey: ['payroll', 'runs', run.id, 'warnings', run.processedAt],
    queryFn: ({ signal }) =>
      api.get<TRunWarnings>(apiPath('/api/payroll/runs/:id/warnings', { id: run.id }), undefined, { signal, bypass_log: true }),
    enabled: hasSlips,
  });
}

/** The run's warning count beside its errors. */
export function RunWarningCount({ run }: { run: TRun }) {
  const count = useRunWarnings(run).data?.count ?? 0;
  return (
    <Figure
      label="Warnings"
      value={<span data-testid="run-warning-count">{formatCount(count)}</span>}
      className={count ? 'text-amber-800' : undefined}
    />
  );
}

/**
 * The gaps of a processed run that stop what follows it (issue 28): ESI applies without an ESI number (the ESI file),
 * PF without a UAN (the ECR), bank payment without a valid account or IFSC (the bank file). Nothing when there are none.
 */
export function RunWarningsAlert({ run }: { run: TRun }) {
  const warnings = useRunWarnings(run).data;
  if (!warnings?.count) return null;
  return (
    <Alert className="border-warning/40" data-testid="run-warnings">
      <TriangleAlert className="text-amber-700" />
      <AlertTitle>
        {formatCount(warnings.count)} warning{warnings.count === 1 ? '' : 's'}
      </AlertTitle>
      <AlertDescription>
        <p>
          The salaries are computed, but the ESI file, the PF ECR or the bank file cannot carry these employees yet. Complete their records
          (ESI number, UAN, bank account and IFSC); a UAN or bank detail counts once the employee is processed again.
        </p>
        <div className="max-h-64 w-full overflow-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left">
                <th className="py-1 pr-3 font-medium">Code</th>
                <th className="py-1 pr-3 font-medium">Name</th>
                <th className="py-1 pr-3 font-medium">For</th>
                <th className="py-1 font-medium">Gap</th>
              </tr>
            </thead>
            <tbody>
              {warnings.rows.map((w) => (
                <tr key={`${w.employeeId}-${w.kind}`} className="border-t align-top">
                  <td className="py-1 pr-3 font-mono text-xs">{w.employeeCode}</td>
                  <td className="py-1 pr-3">{w.name}</td>
                  <td className="py-1 pr-3">{KIND_LABEL[w.kind]}</td>
                  <td className="py-1">{w.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </AlertDescription>
    </Alert>
  );
}
