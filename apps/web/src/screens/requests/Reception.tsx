import { useQueryClient } from '@tanstack/react-query';
import { LogIn, LogOut, Phone, Users } from 'lucide-react';
import { LoadError } from '@/components/common/LoadError';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { dayLabel, todayIso } from '@/lib/format';
import { useAction } from '@/lib/useAction';
import { markVisitor, requestKeys, type TRequest, useVisitors } from './api';
import { RequestStatusBadge } from './components';
import { clockOfInstant, receptionDays } from './format';

/** The reception's view: today's and tomorrow's expected visitors, arrival and departure marked with a click. */
export function Reception() {
  const [today, tomorrow] = receptionDays(todayIso());
  return (
    <div className="grid items-start gap-4 lg:grid-cols-2" data-testid="reception">
      <VisitorDay date={today} title="Today" markable />
      <VisitorDay date={tomorrow} title="Tomorrow" />
    </div>
  );
}

function VisitorDay({ date, title, markable }: { date: string; title: string; markable?: boolean }) {
  const queryClient = useQueryClient();
  const visitors = useVisitors(date);
  const rows = [...(visitors.data ?? [])].sort((a, b) => (a.expectedTime ?? '').localeCompare(b.expectedTime ?? ''));
  const people = rows.reduce((s, r) => s + (r.visitorCount ?? 1), 0);

  const markAction = useAction((r: TRequest, what: 'arrival' | 'departure') => markVisitor(r.id, what), {
    success: (_, r, what) => (what === 'arrival' ? `${r.visitorName} arrived` : `${r.visitorName} left`),
    onDone: () => queryClient.invalidateQueries({ queryKey: requestKeys.visitors }),
  });
  const busy = markAction.pending?.[0].id ?? null;
  const mark = markAction.run;

  return (
    <Card className="gap-3 py-4" data-testid="visitor-day" data-date={date}>
      <CardHeader className="px-4">
        <CardTitle className="flex items-center gap-2">
          {title} <span className="text-sm font-normal text-muted-foreground">{dayLabel(date)}</span>
        </CardTitle>
        <CardDescription>
          {rows.length === 0
            ? 'No visitor expected.'
            : `${rows.length} visit${rows.length === 1 ? '' : 's'}, ${people} ${people === 1 ? 'person' : 'people'}`}
        </CardDescription>
      </CardHeader>
      <CardContent className="px-4">
        {visitors.isLoading ? (
          <Skeleton className="h-24" />
        ) : (
          <ul className="divide-y rounded-md border">
            {rows.map((r) => (
              <li key={r.id} className="grid gap-1 px-3 py-2 text-sm" data-testid="visitor-row">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="w-12 font-semibold tabular-nums">{r.expectedTime}</span>
                  <span className="font-medium">{r.visitorName}</span>
                  {(r.visitorCount ?? 1) > 1 && (
                    <Badge variant="secondary">
                      <Users /> {r.visitorCount}
                    </Badge>
                  )}
                  {r.company && <span className="text-muted-foreground">{r.company}</span>}
                  <span className="ml-auto">
                    {r.departedAt ? (
                      <Badge variant="outline">Left {clockOfInstant(r.departedAt)}</Badge>
                    ) : r.arrivedAt ? (
                      <Badge variant="success">In since {clockOfInstant(r.arrivedAt)}</Badge>
                    ) : (
                      <RequestStatusBadge status={r.status} />
                    )}
                  </span>
                </div>
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1 pl-14 text-xs text-muted-foreground">
                  <span>Host: {r.hostName ?? r.employeeName}</span>
                  {r.mobile && (
                    <span className="inline-flex items-center gap-1">
                      <Phone className="size-3" /> {r.mobileCode} {r.mobile}
                    </span>
                  )}
                  {r.purpose && <span className="line-clamp-1">{r.purpose}</span>}
                  {markable && r.status === 'approved' && !r.departedAt && (
                    <span className="ml-auto flex gap-1">
                      {!r.arrivedAt ? (
                        <Button
                          size="sm"
                          variant="outline"
                          disabled={busy === r.id}
                          onClick={() => void mark(r, 'arrival')}
                          data-testid="mark-arrival"
                        >
                          <LogIn /> Arrived
                        </Button>
                      ) : (
                        <Button
                          size="sm"
                          variant="outline"
                          disabled={busy === r.id}
                          onClick={() => void mark(r, 'departure')}
                          data-testid="mark-departure"
                        >
                          <LogOut /> Left
                        </Button>
                      )}
                    </span>
                  )}
                </div>
              </li>
            ))}
            {rows.length === 0 && <li className="px-3 py-4 text-center text-sm text-muted-foreground">Nobody is expected.</li>}
          </ul>
        )}
        <LoadError what="The visitors" show={visitors.isError && !visitors.data} />
      </CardContent>
    </Card>
  );
}
