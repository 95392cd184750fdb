import { MENU } from '@hr/contract/menus';
import { LoadError } from '@/components/common/LoadError';
import { PaginationBar } from '@/components/data-table';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { SidewaysScroll } from '@/components/ui/table';
import { formatCount, formatDate, todayIso } from '@/lib/format';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { cn } from '@/lib/utils';
import { downloadReport, REPORT_URLS, type TAttendanceRegister, useRegister } from './api';
import { ExportButtons, StatusLegend } from './components';
import { formatDays, hoursToHm, isDayStatus, STATUS_TONE, WEEKDAY_INITIAL } from './format';
import { ReportFilters, useReportFilters } from './ReportFilters';

type Totals = TAttendanceRegister['rows'][number]['totals'];

const TOTALS: { key: keyof Totals; label: string; format?: (v: number) => string }[] = [
  { key: 'present', label: 'P' },
  { key: 'absent', label: 'A' },
  { key: 'leave', label: 'L' },
  { key: 'lwop', label: 'LWOP' },
  { key: 'holidays', label: 'H' },
  { key: 'weeklyOffs', label: 'WO' },
  { key: 'late', label: 'Late' },
  { key: 'otHours', label: 'OT', format: hoursToHm },
  { key: 'payable', label: 'Payable' },
];

/** The register grid: employees down, days across with the status codes, totals at the end. */
function RegisterGrid({ data, loading }: { data: TAttendanceRegister | undefined; loading: boolean }) {
  const today = todayIso();
  if (!data) return loading ? <Skeleton className="h-64 w-full" /> : null;
  return (
    <SidewaysScroll className={cn('rounded-lg border bg-card', loading && 'opacity-70')} data-testid="register-grid">
      <table className="w-full border-separate border-spacing-0 text-xs">
        <thead>
          <tr>
            <th className="sticky left-0 z-20 min-w-52 border-b bg-card px-3 py-2 text-left text-sm font-medium">Employee</th>
            {data.days.map((d) => (
              <th
                key={d.date}
                title={formatDate(d.date)}
                className={cn('min-w-8 border-b border-l px-0.5 py-1 text-center font-medium', d.date === today && 'text-primary')}
              >
                <div className="text-[10px] text-muted-foreground">{WEEKDAY_INITIAL[d.weekday]}</div>
                <div className="tabular-nums">{Number(d.date.slice(8, 10))}</div>
              </th>
            ))}
            {TOTALS.map((t) => (
              <th key={t.key} className="border-b border-l bg-muted/50 px-2 py-1 text-right font-medium">
                {t.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.rows.length === 0 && (
            <tr>
              <td colSpan={data.days.length + TOTALS.length + 1} className="px-3 py-10 text-center text-sm text-muted-foreground">
                No employee matches.
              </td>
            </tr>
          )}
          {data.rows.map((r) => (
            <tr key={r.employeeId} className="group" data-testid="register-row">
              <td className="sticky left-0 z-10 border-b bg-card px-3 py-1.5 group-hover:bg-muted">
                <span className="block max-w-52 truncate text-sm font-medium">{r.name}</span>
                <span className="block truncate text-muted-foreground">
                  <span className="font-mono">{r.employeeCode}</span> · {r.departmentName}
                </span>
              </td>
              {r.codes.map((code, i) => (
                <td
                  key={data.days[i]?.date ?? i}
                  className={cn('border-b border-l px-0.5 py-1 text-center font-semibold', isDayStatus(code) && STATUS_TONE[code].chip)}
                >
                  {code}
                </td>
              ))}
              {TOTALS.map((t) => (
                <td key={t.key} className="border-b border-l px-2 py-1 text-right tabular-nums">
                  {t.format ? t.format(r.totals[t.key]) : formatDays(r.totals[t.key])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </SidewaysScroll>
  );
}

/** /outlet/attandance-report: the attendance register (employee × day codes with totals), Excel and PDF. */
export default function AttendanceReportScreen() {
  const { menu } = useCurrentMenu(MENU.attendanceReport);
  const state = useReportFilters();
  const { query, invalid, page, setPage, pageSize, setPageSize } = state;
  const report = useRegister(query, !invalid);
  const data = report.data;
  const total = data?.total ?? 0;

  return (
    <div className="grid gap-4">
      <PageHeader
        title={menu?.label ?? 'Attendance report'}
        description={`${formatDate(query.from)} – ${formatDate(query.to)}${data ? ` · ${formatCount(total)} employee${total === 1 ? '' : 's'}` : ''}`}
        actions={
          <ExportButtons
            disabled={invalid}
            onExport={(format) => downloadReport(REPORT_URLS.register, query, format, `Attendance_Register_${query.from}_${query.to}`)}
          />
        }
        className="mb-2"
      />
      <ReportFilters state={state} />
      <RegisterGrid data={data} loading={report.isFetching} />
      <LoadError what="The register" show={report.isError && !data} />
      <StatusLegend />
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
