// An employee's salary structure, read-only: the current version's amounts and every version since. The salary
// increment screen puts its form beside it; the employee record's Salary tab shows it as it is.
import type { TPayrollHead, TStructure } from '@hr/contract';
import { History } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import type { TEmployeeOption } from '@/components/EmployeePicker';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatAmount, formatDateTime, formatRupees } from '@/lib/format';
import { formatYearMonth } from '@/lib/months';
import { useStructures } from './structure';

const SOURCE_LABEL: Record<string, string> = { structure: 'Structure', increment: 'Increment', import: 'Import' };

export function StructureView({
  employee,
  heads,
  form,
}: {
  employee: TEmployeeOption;
  heads: TPayrollHead[];
  /** The form for a new version beside the current structure (given the current version), for those who may edit. */
  form?: (current: TStructure | null) => ReactNode;
}) {
  const structures = useStructures(employee.id);
  const versions = structures.data ?? [];
  const current = versions[0] ?? null;
  // The history shows the heads some version holds (in print order).
  const shownHeads = useMemo(() => {
    const used = new Set(versions.flatMap((v) => Object.keys(v.amounts).map(Number)));
    return heads.filter((h) => used.has(h.id));
  }, [heads, versions]);

  if (structures.isLoading) {
    return (
      <div className="grid gap-4 xl:grid-cols-2">
        <Skeleton className="h-64" />
        <Skeleton className="h-64" />
      </div>
    );
  }
  if (structures.isError) return <p className="text-sm text-destructive">The salary structure could not be loaded.</p>;

  return (
    <div className="space-y-6">
      <div className="grid gap-6 xl:grid-cols-2">
        <Card className="gap-4">
          <CardHeader>
            <CardTitle>Current structure</CardTitle>
            <CardDescription>
              {current
                ? `${employee.name} (${employee.employeeCode}) from ${formatYearMonth(current.effectiveFrom)}`
                : `${employee.name} (${employee.employeeCode}) has no salary structure yet.`}
            </CardDescription>
          </CardHeader>
          <CardContent>
            {current ? (
              <StructureAmounts structure={current} heads={shownHeads} />
            ) : (
              <p className="text-sm text-muted-foreground">
                {form ? 'Enter the monthly amounts alongside to start one.' : 'The payroll office enters it.'}
              </p>
            )}
          </CardContent>
        </Card>
        {form?.(current)}
      </div>

      <Card className="gap-4">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <History className="size-4" /> History
          </CardTitle>
          <CardDescription>Every version, newest first. A version applies from its month until the next one.</CardDescription>
        </CardHeader>
        <CardContent>
          {versions.length === 0 ? (
            <p className="text-sm text-muted-foreground">No version yet.</p>
          ) : (
            <div className="overflow-hidden rounded-lg border">
              <Table className="[&_td]:px-2 [&_th]:px-2">
                <TableHeader>
                  <TableRow>
                    <TableHead>From</TableHead>
                    <TableHead>Source</TableHead>
                    {shownHeads.map((h) => (
                      <TableHead key={h.id} className="text-right" title={h.name}>
                        {h.code}
                      </TableHead>
                    ))}
                    <TableHead className="text-right">Total</TableHead>
                    <TableHead>Saved · remarks</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {versions.map((v, i) => (
                    <TableRow key={v.id} data-testid="structure-version">
                      <TableCell className="font-medium">
                        {formatYearMonth(v.effectiveFrom)}
                        {i === 0 && (
                          <Badge variant="success" className="ml-2">
                            current
                          </Badge>
                        )}
                      </TableCell>
                      <TableCell>
                        <Badge variant={v.source === 'increment' ? 'default' : 'secondary'}>{SOURCE_LABEL[v.source] ?? v.source}</Badge>
                      </TableCell>
                      {shownHeads.map((h) => (
                        <TableCell key={h.id} className="text-right tabular-nums">
                          {v.amounts[String(h.id)] === undefined ? '—' : formatAmount(v.amounts[String(h.id)])}
                        </TableCell>
                      ))}
                      <TableCell className="text-right font-medium tabular-nums">{formatAmount(v.total)}</TableCell>
                      <TableCell className="max-w-56">
                        <div className="text-xs text-muted-foreground">{formatDateTime(v.createdAt)}</div>
                        {v.remarks && (
                          <div className="truncate text-xs" title={v.remarks}>
                            {v.remarks}
                          </div>
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function StructureAmounts({ structure, heads }: { structure: TStructure; heads: TPayrollHead[] }) {
  const lines = heads.filter((h) => structure.amounts[String(h.id)] !== undefined);
  const group = (earning: boolean) => lines.filter((h) => h.isEarning === earning);
  const section = (title: string, list: TPayrollHead[]) =>
    list.length > 0 && (
      <div>
        <div className="mb-1 text-xs font-medium text-muted-foreground uppercase tracking-wide">{title}</div>
        <dl className="divide-y">
          {list.map((h) => (
            <div key={h.id} className="flex justify-between gap-4 py-1.5 text-sm">
              <dt>
                {h.name} <span className="font-mono text-xs text-muted-foreground">{h.code}</span>
              </dt>
              <dd className="tabular-nums">{formatAmount(structure.amounts[String(h.id)])}</dd>
            </div>
          ))}
        </dl>
      </div>
    );
  return (
    <div className="space-y-4" data-testid="current-structure">
      {section('Earnings', group(true))}
      {section('Deductions', group(false))}
      <div className="flex justify-between border-t pt-2 font-semibold">
        <span>Monthly total</span>
        <span className="tabular-nums">{formatRupees(structure.total)}</span>
      </div>
      <p className="text-xs text-muted-foreground">
        {SOURCE_LABEL[structure.source] ?? structure.source}
        {structure.remarks ? `: ${structure.remarks}` : ''} · saved {formatDateTime(structure.createdAt)}
      </p>
    </div>
  );
}
