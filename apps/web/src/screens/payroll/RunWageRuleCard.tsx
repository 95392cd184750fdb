// The salary run screen's Labour Codes card: under the wages rule (Code on Wages s.2(y) proviso, from 21 Nov 2025),
// the employees whose excluded allowances passed the limit, each with the sentence of what it changed ("PF wages
// raised by ₹5,000.00 under the 50 % rule"), from GET /api/payroll/runs/:id/wage-rule. Nothing before the rule.
import type { TRun, TRunWageRule } from '@hr/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { formatCount, formatRupees } from '@/lib/format';

/** What the rule changed for one employee, in words. */
function changes(e: TRunWageRule['employees'][number], limit: number | null): string {
  const rule = `under the ${limit ?? 50} % rule`;
  const parts: string[] = [];
  if (e.pfWagesRaise > 0) parts.push(`PF wages raised by ${formatRupees(e.pfWagesRaise)}`);
  if (e.esiWagesRaise > 0) parts.push(`ESI wages raised by ${formatRupees(e.esiWagesRaise)}`);
  if (!parts.length) return `${formatRupees(e.addedBack)} added to wages ${rule} (PF wages were already higher)`;
  return `${parts.join(', ')} ${rule}`;
}

export function RunWageRuleCard({ run }: { run: TRun }) {
  const ready = run.status === 'processed' || run.status === 'approved' || run.status === 'locked';
  const query = useQuery({
    queryKey: ['payroll', 'run-wage-rule', run.id, run.processedAt],
    queryFn: ({ signal }) =>
      api.get<TRunWageRule>(apiPath('/api/payroll/runs/:id/wage-rule', { id: run.id }), undefined, { signal, bypass_log: true }),
    enabled: ready,
  });
  const r = query.data;
  if (!ready || !r?.applied) return null;
  const limit = r.limitPercent;
  return (
    <Card data-testid="run-wage-rule">
      <CardHeader>
        <CardTitle>Wages under the Labour Codes</CardTitle>
        <CardDescription>
          Basic, DA and retaining allowance, plus the excluded allowances above {limit ?? 50} % of all remuneration (Code on Wages s.2(y)).{' '}
          {r.employees.length ? formatCount(r.employees.length) : 'No'} of {formatCount(r.slips)} employee
          {r.slips === 1 ? '' : 's'} had wages added back.
        </CardDescription>
      </CardHeader>
      {r.employees.length > 0 && (
        <CardContent>
          <div className="overflow-x-auto rounded-lg border">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Code</TableHead>
                  <TableHead>Employee</TableHead>
                  <TableHead className="text-right">Added back</TableHead>
                  <TableHead className="hidden text-right sm:table-cell">Wages (Code)</TableHead>
                  <TableHead className="hidden sm:table-cell">What it changed</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {r.employees.map((e) => (
                  <TableRow key={e.employeeId} data-testid="wage-rule-row">
                    <TableCell className="font-mono text-xs">{e.employeeCode}</TableCell>
                    <TableCell>
                      {e.name}
                      {/* On a phone the sentence goes under the name (the last columns are hidden). */}
                      <div className="whitespace-normal text-xs text-muted-foreground sm:hidden">{changes(e, limit)}</div>
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{formatRupees(e.addedBack)}</TableCell>
                    <TableCell className="hidden text-right tabular-nums sm:table-cell">{formatRupees(e.codeWages)}</TableCell>
                    <TableCell className="hidden min-w-64 whitespace-normal sm:table-cell">{changes(e, limit)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        </CardContent>
      )}
    </Card>
  );
}
