// The employee record's Separation tab (issue 27): the separation (type, dates, status) and its full and final
// settlement (status, net, due date, paid on / pending, overdue in red), with links to their screens for those allowed.
import { SEPARATION_TYPE_LABEL, type TEmployeeExit } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { formatAmount } from '@/lib/format';
import { cn } from '@/lib/utils';

const dmy = (iso: string) => iso.split('-').reverse().join('/');

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4 border-b py-1.5 text-sm last:border-0">
      <span className="text-muted-foreground">{label}</span>
      <span className="text-right">{children}</span>
    </div>
  );
}

export function ExitPanel({ employeeId }: { employeeId: number }) {
  const q = useQuery({
    queryKey: ['exits', 'employee', employeeId],
    queryFn: ({ signal }) => api.get<TEmployeeExit>(apiPath('/api/employees/:id/exit', { id: employeeId }), undefined, { signal }),
  });
  if (q.isLoading) return <Skeleton className="h-40" />;
  const d = q.data;
  if (!d?.separation) return <p className="text-sm text-muted-foreground">No separation is recorded for this employee.</p>;
  const s = d.separation;
  const x = d.settlement;
  return (
    <div className="grid gap-4 lg:grid-cols-2" data-testid="employee-exit">
      <Card>
        <CardHeader className="pb-2">
          <CardTitle className="text-base">Separation</CardTitle>
        </CardHeader>
        <CardContent>
          <Row label="Type">{SEPARATION_TYPE_LABEL[s.type]}</Row>
          <Row label="Status">
            <Badge variant="secondary" className="capitalize">
              {s.status}
            </Badge>
          </Row>
          <Row label="Notice given on">{dmy(s.noticeGivenOn)}</Row>
          <Row label="Last working day">{dmy(s.lastDay)}</Row>
          <Row label="Notice period">{s.noticeDays} days</Row>
          <Row label="Reason">{s.reason}</Row>
          {d.links.separation && (
            <Link className="mt-2 inline-flex items-center gap-1 text-sm text-primary" to={`${MENU.separation}?id=${s.id}`}>
              Open the separation <ArrowRight className="size-4" />
            </Link>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="pb-2">
          <CardTitle className="text-base">Full and final settlement</CardTitle>
        </CardHeader>
        <CardContent>
          {!x ? (
            <p className="text-sm text-muted-foreground">Not computed yet.</p>
          ) : (
            <>
              <Row label="Status">
                <Badge variant="secondary" className="capitalize">
                  {x.status}
                </Badge>
              </Row>
              <Row label={x.net < 0 ? 'The employee owes' : 'Net payable'}>
                <span className="tabular-nums">{formatAmount(Math.abs(x.net))}</span>
              </Row>
              <Row label="Due by">
                <span className={cn(x.overdue && 'font-semibold text-rose-700')}>
                  {dmy(x.dueDate)}
                  {x.overdue ? ' · overdue' : ''}
                </span>
              </Row>
              <Row label="Paid">
                <span data-testid="employee-exit-paid">
                  {x.paymentStatus === 'paid' && x.paidOn ? `Paid on ${dmy(x.paidOn)}` : x.paymentStatus === 'pending' ? 'Pending' : '—'}
                </span>
              </Row>
              {d.links.settlement && (
                <Link className="mt-2 inline-flex items-center gap-1 text-sm text-primary" to={`${MENU.settlement}/${x.id}`}>
                  Open the settlement <ArrowRight className="size-4" />
                </Link>
              )}
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
