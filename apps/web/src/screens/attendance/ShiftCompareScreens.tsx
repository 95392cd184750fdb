// Shift schedule versus attendance: the day-by-day detail and the summary per employee (two menus, one file).
import { MENU } from '@hr/contract/menus';
import { LoadError } from '@/components/common/LoadError';
import { type DataColumn, DataTable, PaginationBar } from '@/components/data-table';
import { PageHeader } from '@/components/ui/page-header';
import { dayLabel, formatCount, formatDate } from '@/lib/format';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { cn } from '@/lib/utils';
import {
  downloadReport,
  REPORT_URLS,
  type TShiftCompareRow,
  type TShiftCompareSummaryRow,
  useShiftCompare,
  useShiftCompareSummary,
} from './api';
import { ExportButtons, StatusChip } from './components';
import { formatDays, minutesOrBlank, minutesToHm } from './format';
import { ReportFilters, useReportFilters } from './ReportFilters';

const num = { headClassName: 'text-right', className: 'text-right tabular-nums' };
const warn = 'text-amber-700 dark:text-amber-300';

const employeeCell = (r: { name: string; employeeCode: string }) => (
  <div className="min-w-0">
    <div className="truncate font-medium">{r.name}</div>
    <div className="font-mono text-xs text-muted-foreground">{r.employeeCode}</div>
  </div>
);

/** Actual against scheduled: an actual time later (in) or earlier (out) than the schedule shows in the warning colour. */
function Versus({ scheduled, actual, lateIf }: { scheduled: string | null; actual: string | null; lateIf: 'after' | 'before' }) {
  const off = !!scheduled && !!actual && (lateIf === 'after' ? actual > scheduled : actual < scheduled);
  return (
    <span className="whitespace-nowrap tabular-nums">
      <span className="text-muted-foreground">{scheduled ?? '—'}</span>
      {' / '}
      <span className={cn('font-medium', off && warn)}>{actual ?? '—'}</span>
    </span>
  );
}

const DETAIL_COLUMNS: DataColumn<TShiftCompareRow>[] = [
  { id: 'employee', header: 'Employee', cell: employeeCell },
  { id: 'day', header: 'Day', cell: (r) => <span className="whitespace-nowrap">{dayLabel(r.day)}</span> },
  { id: 'shift', header: 'Shift', cell: (r) => <span className="font-mono text-xs">{r.shiftCode ?? '—'}</span> },
  { id: 'in', header: 'In (sched. / actual)', cell: (r) => <Versus scheduled={r.scheduledIn} actual={r.actualIn} lateIf="after" /> },
  { id: 'out', header: 'Out (sched. / actual)', cell: (r) => <Versus scheduled={r.scheduledOut} actual={r.actualOut} lateIf="before" /> },
  { id: 'status', header: 'Status', cell: (r) => <StatusChip status={r.status} /> },
  { id: 'late', header: 'Late', ...num, className: `${num.className} ${warn}`, cell: (r) => minutesOrBlank(r.lateMinutes) },
  { id: 'early', header: 'Early', ...num, className: `${num.className} ${warn}`, cell: (r) => minutesOrBlank(r.earlyMinutes) },
  { id: 'ot', header: 'OT', ...num, cell: (r) => minutesOrBlank(r.otMinutes) },
  { id: 'worked', header: 'Worked', ...num, cell: (r) => minutesOrBlank(r.workedMinutes) },
];

const SUMMARY_COLUMNS: DataColumn<TShiftCompareSummaryRow>[] = [
  { id: 'employee', header: 'Employee', cell: employeeCell },
  { id: 'department', header: 'Department', cell: (r) => r.departmentName },
  { id: 'scheduled', header: 'Scheduled days', ...num, cell: (r) => formatDays(r.scheduledDays) },
  { id: 'present', header: 'Present', ...num, cell: (r) => formatDays(r.presentDays) },
  { id: 'absent', header: 'Absent', ...num, cell: (r) => formatDays(r.absentDays) },
  {
    id: 'late',
    header: 'Late days (time)',
    ...num,
    cell: (r) => (r.lateDays ? <span className={warn}>{`${r.lateDays} (${minutesToHm(r.lateMinutes)})`}</span> : '0'),
  },
  {
    id: 'early',
    header: 'Early days (time)',
    ...num,
    cell: (r) => (r.earlyDays ? <span className={warn}>{`${r.earlyDays} (${minutesToHm(r.earlyMinutes)})`}</span> : '0'),
  },
  { id: 'ot', header: 'OT', ...num, cell: (r) => minutesToHm(r.otMinutes) },
  { id: 'worked', header: 'Worked', ...num, cell: (r) => minutesToHm(r.workedMinutes) },
];

function CompareScreen({ kind }: { kind: 'detail' | 'summary' }) {
  const path = kind === 'detail' ? MENU.shiftAttendanceCompare : MENU.shiftAttendanceCompareSummary;
  const { menu } = useCurrentMenu(path);
  const state = useReportFilters();
  const { query, invalid, page, setPage, pageSize, setPageSize } = state;
  const detail = useShiftCompare(query, kind === 'detail' && !invalid);
  const summary = useShiftCompareSummary(query, kind === 'summary' && !invalid);
  const report = kind === 'detail' ? detail : summary;
  const total = report.data?.total ?? 0;
  const title = kind === 'detail' ? 'Shift schedule vs attendance' : 'Shift schedule vs attendance: summary';

  return (
    <div className="grid grid-cols-1 gap-4">
      <PageHeader
        title={menu?.label ?? title}
        description={`${formatDate(query.from)} – ${formatDate(query.to)}${report.data ? ` · ${formatCount(total)} ${kind === 'detail' ? 'day' : 'employee'}${total === 1 ? '' : 's'}` : ''}`}
        actions={
          <ExportButtons
            disabled={invalid}
            onExport={(format) =>
              downloadReport(
                REPORT_URLS.compare,
                { ...query, kind },
                format,
                `Shift_vs_Attendance_${kind === 'summary' ? 'Summary_' : ''}${query.from}_${query.to}`,
              )
            }
          />
        }
        className="mb-2"
      />
      <ReportFilters state={state} />
      {kind === 'detail' ? (
        <DataTable
          className="rounded-lg bg-card"
          columns={DETAIL_COLUMNS}
          rows={detail.data?.rows ?? []}
          rowKey={(r) => `${r.employeeId}:${r.day}`}
          sort={null}
          onSort={() => undefined}
          loading={detail.isLoading}
          empty="No scheduled day in this period."
        />
      ) : (
        <DataTable
          className="rounded-lg bg-card"
          columns={SUMMARY_COLUMNS}
          rows={summary.data?.rows ?? []}
          rowKey={(r) => r.employeeId}
          sort={null}
          onSort={() => undefined}
          loading={summary.isLoading}
          empty="No employee matches."
        />
      )}
      <LoadError what="The report" show={report.isError && !report.data} />
      <PaginationBar
        page={page}
        pages={Math.max(1, Math.ceil(total / pageSize))}
        pageSize={pageSize}
        onPageChange={setPage}
        onPageSizeChange={(n) => {
          setPageSize(n);
          setPage(1);
        }}
      />
    </div>
  );
}

/** /outlet/employeeShiftScheduleWiseAttendanceCompare: scheduled shift and actual in / out per day, with the deviations. */
export function ShiftCompareScreen() {
  return <CompareScreen kind="detail" />;
}

/** /outlet/employeeShiftScheduleWiseAttandanceCompareSummaryReport: the same per employee. */
export function ShiftCompareSummaryScreen() {
  return <CompareScreen kind="summary" />;
}
