import {
  ATTENDANCE_BUCKET_LABELS,
  ATTENDANCE_BUCKETS,
  type TAdvancesWidget,
  type TAttendanceBucket,
  type TAttendanceList,
  type TAttendanceWidget,
  type TDocumentsWidget,
  type THeadcountWidget,
  type TMovementWidget,
  type TOccasionsWidget,
  type TPayrollCostWidget,
  type TPendingRequestsWidget,
} from '@hr/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Cake, RefreshCw, Trophy } from 'lucide-react';
import { useState } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { MonthPicker, YearPicker } from '@/components/common/Pickers';
import { UnitSelect } from '@/components/common/UnitSelect';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { PageHeader } from '@/components/ui/page-header';
import { api } from '@/lib/api';
import { formatCount, formatDate, formatDateTime, formatRupees, formatRupeesShort, todayIso } from '@/lib/format';
import { currentMonth, yearOptions } from '@/lib/months';
import { CHART_COLORS, ChartTable, ChartWithTable, Stat, shortMonth, Widget } from './widgets';

type Filter = { unitId?: number; month: string };

/** One widget's query: its own request, so one failing source shows its own error. */
function useWidget<T>(name: string, filter: Filter) {
  return useQuery({
    queryKey: ['dashboard', 'admin', name, filter],
    queryFn: ({ signal }) =>
      api.get<T>(
        `/api/dashboard/admin/${name}`,
        { unitId: filter.unitId, month: filter.month },
        { signal, silent: true, bypass_log: true },
      ),
    staleTime: 15_000,
    retry: 1,
  });
}

const axisProps = { fontSize: 12, tickLine: false, axisLine: false } as const;

function HeadcountWidget({ filter }: { filter: Filter }) {
  const q = useWidget<THeadcountWidget>('headcount', filter);
  return (
    <Widget
      title="Headcount"
      description={q.data ? `On ${formatDate(q.data.asOf)}: ${formatCount(q.data.total)} employed` : undefined}
      query={q}
      testId="widget-headcount"
      isEmpty={(d) => d.total === 0}
      empty="No one is employed in these units on that day."
      className="lg:col-span-2"
    >
      {(d) => (
        <div className="grid gap-6 md:grid-cols-2">
          <ChartWithTable
            caption="Headcount by unit"
            rows={d.byUnit}
            columns={[
              { label: 'Unit', value: (r) => r.name },
              { label: 'Employees', value: (r) => formatCount(r.count), numeric: true },
            ]}
            chart={
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={d.byUnit} layout="vertical" margin={{ left: 8, right: 16 }}>
                  <CartesianGrid horizontal={false} strokeOpacity={0.3} />
                  <XAxis type="number" allowDecimals={false} {...axisProps} />
                  <YAxis type="category" dataKey="name" width={140} {...axisProps} />
                  <Tooltip />
                  <Bar dataKey="count" name="Employees" fill={CHART_COLORS[0]} radius={[0, 4, 4, 0]} />
                </BarChart>
              </ResponsiveContainer>
            }
          />
          <ChartWithTable
            caption="Headcount by department"
            rows={d.byDepartment}
            columns={[
              { label: 'Department', value: (r) => r.name },
              { label: 'Employees', value: (r) => formatCount(r.count), numeric: true },
            ]}
            chart={
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={d.byDepartment.slice(0, 12)} layout="vertical" margin={{ left: 8, right: 16 }}>
                  <CartesianGrid horizontal={false} strokeOpacity={0.3} />
                  <XAxis type="number" allowDecimals={false} {...axisProps} />
                  <YAxis type="category" dataKey="name" width={140} {...axisProps} />
                  <Tooltip />
                  <Bar dataKey="count" name="Employees" fill={CHART_COLORS[5]} radius={[0, 4, 4, 0]} />
                </BarChart>
              </ResponsiveContainer>
            }
          />
        </div>
      )}
    </Widget>
  );
}

function MovementWidget({ filter }: { filter: Filter }) {
  const q = useWidget<TMovementWidget>('movement', filter);
  return (
    <Widget title="Joiners and leavers" description="The 12 months up to the chosen month" query={q} testId="widget-movement">
      {(d) => (
        <ChartWithTable
          caption="Joiners and leavers by month"
          rows={d.months}
          columns={[
            { label: 'Month', value: (r) => shortMonth(r.month) },
            { label: 'Joined', value: (r) => formatCount(r.joined), numeric: true },
            { label: 'Left', value: (r) => formatCount(r.left), numeric: true },
          ]}
          chart={
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={d.months.map((m) => ({ ...m, label: shortMonth(m.month) }))}>
                <CartesianGrid vertical={false} strokeOpacity={0.3} />
                <XAxis dataKey="label" {...axisProps} />
                <YAxis allowDecimals={false} width={32} {...axisProps} />
                <Tooltip />
                <Legend />
                <Bar dataKey="joined" name="Joined" fill={CHART_COLORS[1]} radius={[4, 4, 0, 0]} />
                <Bar dataKey="left" name="Left" fill={CHART_COLORS[3]} radius={[4, 4, 0, 0]} />
              </BarChart>
            </ResponsiveContainer>
          }
        />
      )}
    </Widget>
  );
}

const BUCKET_COLORS: Record<TAttendanceBucket, string> = {
  present: CHART_COLORS[1],
  late: CHART_COLORS[2],
  onLeave: CHART_COLORS[4],
  wfh: CHART_COLORS[5],
  absent: CHART_COLORS[3],
  off: CHART_COLORS[6],
  notYetIn: '#cbd5e1',
};

function AttendanceList({ filter, bucket, onClose }: { filter: Filter; bucket: TAttendanceBucket | null; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const pageSize = 25;
  const q = useQuery({
    queryKey: ['dashboard', 'admin', 'attendance-list', filter.unitId, bucket, page],
    queryFn: ({ signal }) =>
      api.get<TAttendanceList>(
        '/api/dashboard/admin/attendance/list',
        { unitId: filter.unitId, bucket: bucket ?? 'present', page, pageSize },
        { signal, silent: true },
      ),
    enabled: bucket !== null,
    placeholderData: keepPreviousData,
  });
  const pages = q.data ? Math.max(1, Math.ceil(q.data.total / pageSize)) : 1;
  return (
    <Dialog
      open={bucket !== null}
      onOpenChange={(open) => {
        if (!open) {
          onClose();
          setPage(1);
        }
      }}
    >
      <DialogContent className="max-w-3xl" data-testid="attendance-list">
        <DialogHeader>
          <DialogTitle>{bucket ? ATTENDANCE_BUCKET_LABELS[bucket] : ''} today</DialogTitle>
          <DialogDescription>{q.data ? `${formatCount(q.data.total)} employees` : 'Loading…'}</DialogDescription>
        </DialogHeader>
        {q.isError ? (
          <p role="alert" className="text-sm text-destructive">
            The list could not be loaded.
          </p>
        ) : (
          <div className="max-h-[60vh] overflow-auto">
            <ChartTable
              rows={q.data?.rows ?? []}
              rowKey={(r) => r.employeeId}
              columns={[
                { label: 'Code', value: (r) => r.employeeCode, className: 'font-mono' },
                { label: 'Name', value: (r) => r.name },
                { label: 'Unit', value: (r) => r.unitName },
                { label: 'Department', value: (r) => r.departmentName },
                { label: 'Status', value: (r) => r.status ?? '—' },
                { label: 'First in', value: (r) => (r.firstIn ? formatDateTime(r.firstIn) : '—') },
                { label: 'Late (min)', value: (r) => r.lateMinutes || '', numeric: true },
              ]}
            />
          </div>
        )}
        <div className="flex items-center justify-end gap-2 text-sm">
          <span className="text-muted-foreground">
            Page {page} of {pages}
          </span>
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Previous
          </Button>
          <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            Next
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function AttendanceWidget({ filter }: { filter: Filter }) {
  const q = useWidget<TAttendanceWidget>('attendance', filter);
  const [open, setOpen] = useState<TAttendanceBucket | null>(null);
  return (
    <>
      <Widget
        title="Today's attendance"
        description={q.data ? `${formatDate(q.data.date)} · ${formatCount(q.data.employees)} employees` : undefined}
        query={q}
        testId="widget-attendance"
        isEmpty={(d) => d.employees === 0}
        empty="No one is employed in these units today."
      >
        {(d) => {
          const slices = ATTENDANCE_BUCKETS.filter((b) => b !== 'late').map((b) => ({
            bucket: b,
            name: ATTENDANCE_BUCKET_LABELS[b],
            value: d.counts[b],
          }));
          return (
            <div className="grid gap-4 sm:grid-cols-2">
              <ChartWithTable
                caption="Today's attendance"
                rows={ATTENDANCE_BUCKETS.map((b) => ({ name: ATTENDANCE_BUCKET_LABELS[b], value: d.counts[b] }))}
                columns={[
                  { label: 'Figure', value: (r) => r.name },
                  { label: 'Employees', value: (r) => formatCount(r.value), numeric: true },
                ]}
                height={200}
                chart={
                  <ResponsiveContainer width="100%" height="100%">
                    <PieChart>
                      <Pie data={slices.filter((s) => s.value > 0)} dataKey="value" nameKey="name" innerRadius="55%" outerRadius="90%">
                        {slices
                          .filter((s) => s.value > 0)
                          .map((s) => (
                            <Cell key={s.bucket} fill={BUCKET_COLORS[s.bucket]} />
                          ))}
                      </Pie>
                      <Tooltip />
                    </PieChart>
                  </ResponsiveContainer>
                }
              />
              <ul className="space-y-1 self-center" aria-label="Open the list of a figure">
                {ATTENDANCE_BUCKETS.map((b) => (
                  <li key={b}>
                    <button
                      type="button"
                      className="flex w-full items-center gap-2 rounded-md px-2 py-1 text-left text-sm hover:bg-accent"
                      onClick={() => setOpen(b)}
                      data-testid={`attendance-${b}`}
                    >
                      <span className="size-2.5 shrink-0 rounded-full" style={{ background: BUCKET_COLORS[b] }} />
                      <span className="flex-1">{ATTENDANCE_BUCKET_LABELS[b]}</span>
                      <span className="font-semibold tabular-nums">{formatCount(d.counts[b])}</span>
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          );
        }}
      </Widget>
      <AttendanceList filter={filter} bucket={open} onClose={() => setOpen(null)} />
    </>
  );
}

function RequestsWidget({ filter }: { filter: Filter }) {
  const q = useWidget<TPendingRequestsWidget>('requests', filter);
  return (
    <Widget
      title="Pending requests"
      description={q.data ? `${formatCount(q.data.total)} waiting for a decision` : undefined}
      query={q}
      testId="widget-requests"
      isEmpty={(d) => d.total === 0}
      empty="Nothing is waiting for a decision."
    >
      {(d) => (
        <ChartWithTable
          caption="Pending requests by kind"
          rows={d.kinds}
          columns={[
            { label: 'Kind', value: (r) => r.label },
            { label: 'Pending', value: (r) => formatCount(r.count), numeric: true },
          ]}
          height={Math.max(120, d.kinds.length * 36)}
          chart={
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={d.kinds} layout="vertical" margin={{ left: 8, right: 16 }}>
                <XAxis type="number" allowDecimals={false} {...axisProps} />
                <YAxis type="category" dataKey="label" width={150} {...axisProps} />
                <Tooltip />
                <Bar dataKey="count" name="Pending" fill={CHART_COLORS[2]} radius={[0, 4, 4, 0]} />
              </BarChart>
            </ResponsiveContainer>
          }
        />
      )}
    </Widget>
  );
}

function PayrollCostWidget({ filter }: { filter: Filter }) {
  const q = useWidget<TPayrollCostWidget>('payroll-cost', filter);
  return (
    <Widget
      title="Payroll cost"
      description="The last 12 processed months up to the chosen month"
      query={q}
      testId="widget-payroll-cost"
      isEmpty={(d) => d.months.length === 0}
      empty="No salary month has been processed for these units yet."
      className="lg:col-span-2"
    >
      {(d) => (
        <div className="space-y-2">
          <ChartWithTable
            caption="Payroll cost by month, in rupees"
            rows={d.months}
            columns={[
              { label: 'Month', value: (r) => shortMonth(r.month) },
              { label: 'Employees', value: (r) => formatCount(r.employees), numeric: true },
              { label: 'Gross', value: (r) => formatRupees(r.gross), numeric: true },
              { label: 'Deductions', value: (r) => formatRupees(r.deductions), numeric: true },
              { label: 'Net', value: (r) => formatRupees(r.net), numeric: true },
              {
                label: 'Employer contributions',
                value: (r) => (r.employerContributions === null ? 'Not recorded' : formatRupees(r.employerContributions)),
                numeric: true,
              },
            ]}
            chart={
              <ResponsiveContainer width="100%" height="100%">
                <LineChart data={d.months.map((m) => ({ ...m, label: shortMonth(m.month) }))} margin={{ left: 8, right: 16 }}>
                  <CartesianGrid vertical={false} strokeOpacity={0.3} />
                  <XAxis dataKey="label" {...axisProps} />
                  <YAxis width={72} tickFormatter={(v: number) => formatRupeesShort(v)} {...axisProps} />
                  <Tooltip formatter={(v) => formatRupees(Number(v))} />
                  <Legend />
                  <Line dataKey="gross" name="Gross" stroke={CHART_COLORS[0]} strokeWidth={2} dot={false} />
                  <Line dataKey="net" name="Net" stroke={CHART_COLORS[1]} strokeWidth={2} dot={false} />
                  {d.months.some((m) => m.employerContributions !== null) && (
                    <Line
                      dataKey="employerContributions"
                      name="Employer contributions"
                      stroke={CHART_COLORS[4]}
                      strokeWidth={2}
                      dot={false}
                    />
                  )}
                </LineChart>
              </ResponsiveContainer>
            }
          />
          {d.months.some((m) => m.employerContributions === null) && (
            <p className="text-xs text-muted-foreground">
              Employer contributions (PF, ESI) are not recorded in these months' salary records, so they are not shown.
            </p>
          )}
        </div>
      )}
    </Widget>
  );
}

function DocumentsWidget({ filter }: { filter: Filter }) {
  const q = useWidget<TDocumentsWidget>('documents', filter);
  return (
    <Widget title="Missing mandatory documents" description="Active employees" query={q} testId="widget-documents">
      {(d) => (
        <div className="space-y-3">
          <div className="grid grid-cols-2 gap-2">
            <Stat
              label="Employees missing some"
              value={formatCount(d.employees)}
              tone={d.employees ? 'warning' : undefined}
              testId="documents-employees"
            />
            <Stat label="Documents missing" value={formatCount(d.documents)} />
          </div>
          {d.byUnit.length > 0 && (
            <ChartTable
              rows={d.byUnit}
              rowKey={(u) => u.id}
              columns={[
                { label: 'Unit', value: (u) => u.name },
                { label: 'Employees', value: (u) => formatCount(u.employees), numeric: true },
                { label: 'Documents', value: (u) => formatCount(u.documents), numeric: true },
              ]}
            />
          )}
        </div>
      )}
    </Widget>
  );
}

function OccasionsWidget({ filter }: { filter: Filter }) {
  const q = useWidget<TOccasionsWidget>('occasions', filter);
  return (
    <Widget
      title="Birthdays and work anniversaries"
      description={
        q.data ? `${formatDate(q.data.from)} – ${formatDate(q.data.to)} · ${formatCount(q.data.total)} in all` : 'The next 30 days'
      }
      query={q}
      testId="widget-occasions"
      isEmpty={(d) => d.total === 0}
      empty="No birthday or work anniversary in the next 30 days."
    >
      {(d) => (
        <ul className="max-h-72 space-y-1 overflow-auto text-sm">
          {d.rows.map((r) => (
            <li key={`${r.kind}-${r.employeeId}`} className="flex items-center gap-2 rounded-md px-1 py-1">
              {r.kind === 'birthday' ? <Cake className="size-4 text-pink-600" /> : <Trophy className="size-4 text-amber-600" />}
              <span className="flex-1 truncate">
                {r.name} <span className="text-muted-foreground">· {r.unitName}</span>
              </span>
              <span className="text-muted-foreground">
                {r.kind === 'birthday' ? 'Birthday' : `${r.years} ${r.years === 1 ? 'year' : 'years'}`} · {formatDate(r.date)}
              </span>
            </li>
          ))}
          {d.total > d.rows.length && (
            <li className="px-1 text-xs text-muted-foreground">and {formatCount(d.total - d.rows.length)} more</li>
          )}
        </ul>
      )}
    </Widget>
  );
}

function AdvancesWidget({ filter }: { filter: Filter }) {
  const q = useWidget<TAdvancesWidget>('advances', filter);
  return (
    <Widget title="Advances outstanding" description="Paid out and not yet recovered" query={q} testId="widget-advances">
      {(d) => (
        <div className="space-y-3">
          <div className="grid grid-cols-2 gap-2">
            <Stat label="Outstanding" value={formatRupees(d.outstanding)} testId="advances-outstanding" />
            <Stat label="Advances" value={formatCount(d.count)} />
          </div>
          {d.byUnit.length > 0 && (
            <ChartTable
              rows={d.byUnit}
              rowKey={(u) => u.id}
              columns={[
                { label: 'Unit', value: (u) => u.name },
                { label: 'Advances', value: (u) => formatCount(u.count), numeric: true },
                { label: 'Outstanding', value: (u) => formatRupees(u.outstanding), numeric: true },
              ]}
            />
          )}
        </div>
      )}
    </Widget>
  );
}

/** /outlet/admin-dashboard: the caller's units at a glance, every widget on its own request. */
export function AdminDashboardScreen() {
  const queryClient = useQueryClient();
  const [unit, setUnit] = useState<number | null>(null);
  const [year, setYear] = useState(() => yearOptions()[0]);
  const [month, setMonth] = useState<number>(() => currentMonth());
  const chosen = `${year}-${String(month).padStart(2, '0')}`;
  const thisMonth = todayIso().slice(0, 7);
  // A month still to come has no figures: the dashboard shows this month's instead and says so.
  const filter: Filter = { unitId: unit ?? undefined, month: chosen > thisMonth ? thisMonth : chosen };
  const refresh = async () => {
    // The server keeps figures a few seconds; a refresh asks it to read afresh.
    await Promise.all(
      ['headcount', 'movement', 'attendance', 'requests', 'payroll-cost', 'documents', 'occasions', 'advances'].map((name) =>
        queryClient
          .fetchQuery({
            queryKey: ['dashboard', 'admin', name, filter],
            queryFn: () =>
              api.get(
                `/api/dashboard/admin/${name}`,
                { unitId: filter.unitId, month: filter.month },
                { silent: true, headers: { 'cache-control': 'no-cache' } },
              ),
            staleTime: 0,
          })
          .catch(() => undefined),
      ),
    );
  };
  return (
    <div className="mx-auto max-w-7xl" data-testid="admin-dashboard">
      <PageHeader
        title="Admin dashboard"
        description="People, attendance and cost of your units"
        actions={
          <fieldset className="flex flex-wrap items-center gap-2" aria-label="Filter">
            <UnitSelect value={unit} onChange={setUnit} allLabel="All my units" data-testid="filter-unit" />
            <MonthPicker value={month} onChange={setMonth} />
            <YearPicker value={year} onChange={setYear} />
            <Button variant="outline" size="icon" aria-label="Refresh" onClick={() => void refresh()}>
              <RefreshCw className="size-4" />
            </Button>
          </fieldset>
        }
      />
      {chosen > thisMonth && (
        <p className="mb-4 text-sm text-muted-foreground" role="status">
          That month has not begun; the figures are this month's.
        </p>
      )}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <HeadcountWidget filter={filter} />
        <AttendanceWidget filter={filter} />
        <MovementWidget filter={filter} />
        <RequestsWidget filter={filter} />
        <PayrollCostWidget filter={filter} />
        <DocumentsWidget filter={filter} />
        <AdvancesWidget filter={filter} />
        <OccasionsWidget filter={filter} />
      </div>
    </div>
  );
}

export default AdminDashboardScreen;
