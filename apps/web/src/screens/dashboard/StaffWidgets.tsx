// The staff dashboard's widgets (/outlet/dashboard): the signed-in employee's punch card with today's shift and
// status, their month, leave, requests, payslip and holidays, each on its own request so one failing source shows
// its own error.
import type { TLeaveBalance, TMyHolidays, TMyMonth, TMyPayslip, TMyPendingRequests, TMyToday, TSalarySlip } from '@hr/contract';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Bar, BarChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { PunchCard } from '@/components/attendance/PunchCard';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { api } from '@/lib/api';
import { type ApiPathSegment, apiPath } from '@/lib/api-path';
import { downloadPayslips } from '@/lib/documents';
import { formatDate, formatRupees } from '@/lib/format';
import { monthName } from '@/lib/months';
import { useAction } from '@/lib/useAction';
import { CHART_COLORS, ChartWithTable, Stat, Widget } from './widgets';

function useMine<T>(name: ApiPathSegment<'/api/dashboard/me/'>) {
  return useQuery({
    queryKey: ['dashboard', 'me', name],
    queryFn: ({ signal }) => api.get<T>(apiPath(`/api/dashboard/me/${name}`), undefined, { signal, silent: true, bypass_log: true }),
    retry: 1,
  });
}

const STATUS_LABELS: Record<string, string> = {
  P: 'Present',
  A: 'Absent',
  HD: 'Half day',
  HL: 'Half day + leave',
  L: 'On leave',
  H: 'Holiday',
  WO: 'Weekly off',
  WFH: 'Work from home',
  OD: 'On duty',
};

/**
 * Today's shift, holiday or weekly off, status and lateness (GET /api/dashboard/me/today), shown in the punch card.
 * Its own loading and error state, so the punch button works whatever this source does.
 */
function TodayStatus() {
  const q = useMine<TMyToday>('today');
  const state = q.isPending ? 'loading' : q.isError ? 'error' : 'ready';
  const d = q.data;
  return (
    <div
      className="flex flex-wrap items-center gap-2 text-sm"
      data-testid="widget-my-today"
      data-state={state}
      aria-busy={state === 'loading'}
    >
      {state === 'loading' && <Skeleton className="h-6 w-48" />}
      {state === 'error' && (
        <p role="alert" className="text-destructive">
          Today's shift could not be loaded.{' '}
          <Button variant="link" size="sm" className="h-auto p-0" onClick={() => void q.refetch()}>
            Try again
          </Button>
        </p>
      )}
      {d && (
        <>
          {d.shift ? (
            <Badge variant="secondary" data-testid="my-shift">
              {d.shift.name} · {d.shift.startTime}–{d.shift.endTime}
            </Badge>
          ) : (
            <Badge variant="outline">No shift set</Badge>
          )}
          {d.holiday && <Badge variant="outline">Holiday: {d.holiday}</Badge>}
          {d.weeklyOff && <Badge variant="outline">Weekly off</Badge>}
          {/* The day's status, unless it only repeats the holiday or weekly off already shown. */}
          {d.status && !(d.status === 'WO' && d.weeklyOff) && !(d.status === 'H' && d.holiday) && (
            <Badge data-testid="my-status">{STATUS_LABELS[d.status] ?? d.status}</Badge>
          )}
          {d.lateMinutes > 0 && <Badge variant="destructive">Late by {d.lateMinutes} min</Badge>}
        </>
      )}
    </div>
  );
}

function MonthWidget() {
  const q = useMine<TMyMonth>('month');
  return (
    <Widget
      title="This month"
      description={q.data ? `${monthName(Number(q.data.month.slice(5)))} ${q.data.month.slice(0, 4)}, days recorded so far` : undefined}
      query={q}
      testId="widget-my-month"
      isEmpty={(d) => d.recordedDays === 0}
      empty="No day of this month is recorded yet."
    >
      {(d) => {
        // `short` labels the chart's axis (six names fit a card only short); the table keeps the full names.
        const rows = [
          { name: 'Present', short: 'Present', value: d.present },
          { name: 'Leave', short: 'Leave', value: d.leave },
          { name: 'WFH / on duty', short: 'WFH/OD', value: d.wfh },
          { name: 'Absent', short: 'Absent', value: d.absent },
          { name: 'Holidays', short: 'Holiday', value: d.holidays },
          { name: 'Weekly offs', short: 'Off', value: d.weeklyOffs },
        ];
        return (
          <div className="space-y-3">
            <div className="grid grid-cols-3 gap-2">
              <Stat label="Payable days" value={d.payable} testId="my-payable" />
              <Stat label="Present" value={d.present} />
              <Stat label="Late days" value={d.lateDays} tone={d.lateDays ? 'warning' : undefined} />
            </div>
            <ChartWithTable
              caption="This month's days"
              rows={rows}
              columns={[
                { label: 'Days', value: (r) => r.name },
                { label: 'Count', value: (r) => r.value, numeric: true },
              ]}
              height={160}
              chart={
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart data={rows}>
                    <XAxis dataKey="short" interval={0} fontSize={10} tickLine={false} axisLine={false} />
                    <YAxis allowDecimals={false} width={28} fontSize={11} tickLine={false} axisLine={false} />
                    <Tooltip />
                    <Bar dataKey="value" name="Days" fill={CHART_COLORS[0]} radius={[4, 4, 0, 0]} />
                  </BarChart>
                </ResponsiveContainer>
              }
            />
          </div>
        );
      }}
    </Widget>
  );
}

function LeaveWidget() {
  const q = useMine<TLeaveBalance[]>('leave');
  return (
    <Widget
      title="Leave balances"
      description="This financial year"
      query={q}
      testId="widget-my-leave"
      isEmpty={(d) => d.length === 0}
      empty="No leave type applies to you yet."
    >
      {(d) => (
        <ul className="space-y-1 text-sm">
          {d.map((b) => (
            <li key={b.leaveTypeId} className="flex items-center justify-between gap-2">
              <span>
                {b.leaveTypeName} <span className="text-muted-foreground">({b.leaveTypeCode})</span>
              </span>
              <span className="tabular-nums">
                <strong>{b.available}</strong> available
                {b.pending > 0 && <span className="text-muted-foreground"> · {b.pending} pending</span>}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Widget>
  );
}

function RequestsWidget() {
  const q = useMine<TMyPendingRequests>('requests');
  return (
    <Widget
      title="My pending requests"
      query={q}
      testId="widget-my-requests"
      isEmpty={(d) => d.rows.length === 0}
      empty="Nothing of yours is waiting for a decision."
    >
      {(d) => (
        <ul className="space-y-1 text-sm">
          {d.rows.map((r) => (
            <li key={r.approvalId} className="flex justify-between gap-2">
              <span>{r.label}</span>
              <span className="text-muted-foreground">
                {r.fromDate
                  ? r.toDate && r.toDate !== r.fromDate
                    ? `${formatDate(r.fromDate)} – ${formatDate(r.toDate)}`
                    : formatDate(r.fromDate)
                  : ''}
                {` · raised ${formatDate(r.createdAt)}`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Widget>
  );
}

function PayslipWidget() {
  const q = useMine<TMyPayslip>('payslip');
  const [problem, setProblem] = useState<string | null>(null);
  // `silent`: the widget says in its own line why there is no payslip.
  const downloadAction = useAction(
    async (year: number, month: number) => {
      setProblem(null);
      const slip = await api.get<TSalarySlip>(apiPath('/api/payroll/payslips/me'), { year, month }, { silent: true });
      if (!(await downloadPayslips([slip]))) setProblem('The payslip could not be prepared.');
    },
    { onError: () => setProblem('The payslip could not be loaded.') },
  );
  const busy = downloadAction.busy;
  const download = downloadAction.run;

  return (
    <Widget
      title="My last payslip"
      query={q}
      testId="widget-my-payslip"
      isEmpty={(d) => d.slip === null}
      empty="Your first payslip shows here once its month is approved."
    >
      {(d) =>
        d.slip && (
          <div className="space-y-3">
            <div className="text-sm text-muted-foreground">
              {monthName(d.slip.month)} {d.slip.year}
            </div>
            {/* Amounts in lakhs do not fit three abreast in a card: one per line, figures right-aligned. */}
            <dl className="divide-y rounded-lg border bg-muted/40 text-sm">
              <div className="flex items-baseline justify-between gap-3 px-3 py-1.5">
                <dt className="text-muted-foreground">Gross</dt>
                <dd className="tabular-nums">{formatRupees(d.slip.gross)}</dd>
              </div>
              <div className="flex items-baseline justify-between gap-3 px-3 py-1.5">
                <dt className="text-muted-foreground">Deductions</dt>
                <dd className="tabular-nums">{formatRupees(d.slip.deductions)}</dd>
              </div>
              <div className="flex items-baseline justify-between gap-3 px-3 py-2">
                <dt className="font-medium">Net pay</dt>
                <dd className="text-lg font-semibold tabular-nums" data-testid="my-net">
                  {formatRupees(d.slip.net)}
                </dd>
              </div>
            </dl>
            <Button size="sm" disabled={busy} onClick={() => d.slip && void download(d.slip.year, d.slip.month)}>
              <Download className="size-4" /> Download payslip
            </Button>
            {problem && (
              <p role="alert" className="text-sm text-destructive">
                {problem}
              </p>
            )}
          </div>
        )
      }
    </Widget>
  );
}

function HolidaysWidget() {
  const q = useMine<TMyHolidays>('holidays');
  return (
    <Widget
      title="Upcoming holidays"
      description="Your unit, the next 90 days"
      query={q}
      testId="widget-my-holidays"
      isEmpty={(d) => d.rows.length === 0}
      empty="No holiday in the next 90 days."
    >
      {(d) => (
        <ul className="space-y-1 text-sm">
          {d.rows.map((h) => (
            <li key={`${h.date}-${h.name}`} className="flex justify-between gap-2">
              <span>{h.name}</span>
              <span className="text-muted-foreground">{formatDate(h.date)}</span>
            </li>
          ))}
        </ul>
      )}
    </Widget>
  );
}

/** The employee's own widgets (shown to anyone whose sign-in is linked to an employee record). */
export function StaffWidgets() {
  return (
    <section className="space-y-3" data-testid="staff-dashboard" aria-label="My day">
      <h2 className="text-lg font-semibold tracking-tight">My day</h2>
      <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        <PunchCard className="md:col-span-2 lg:col-span-3" details={<TodayStatus />} />
        <MonthWidget />
        <LeaveWidget />
        <RequestsWidget />
        <PayslipWidget />
        <HolidaysWidget />
      </div>
    </section>
  );
}
