import { MENU } from '@hr/contract/menus';
import { CalendarCog, CalendarRange, XCircle } from 'lucide-react';
import { useState } from 'react';
import { DepartmentSelect, FILTER_CLASS, SearchBox } from '@/components/common/Filters';
import { LoadError } from '@/components/common/LoadError';
import { UnitSelect } from '@/components/common/UnitSelect';
import { PaginationBar, useDebounced } from '@/components/data-table';
import type { TEmployeeOption } from '@/components/EmployeePicker';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState, PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { SidewaysScroll } from '@/components/ui/table';
import { formatCount, formatDate, todayIso } from '@/lib/format';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { cn } from '@/lib/utils';
import { AssignmentsSheet } from './AssignmentsSheet';
import { AssignShiftsDialog } from './AssignShiftsDialog';
import { type TRoster, type TRosterRow, useRoster } from './api';
import { MonthNav, ShiftLegend } from './components';
import { WEEKDAY_INITIAL, yearMonthOf } from './format';
import { RosterExcel } from './RosterExcel';

type Filters = { unitId: number | null; departmentId: number | null; shiftId: number | null };

/** The roster grid: employees down, days across; the first column stays while the days scroll. */
export function RosterGrid({
  roster,
  onEmployee,
  loading,
}: {
  roster: TRoster | undefined;
  onEmployee?: (row: TRosterRow) => void;
  loading?: boolean;
}) {
  const today = todayIso();
  if (!roster) return <Skeleton className="h-64 w-full" />;
  const off = (i: number) => !!roster.days[i]?.holiday;
  return (
    <SidewaysScroll className={cn('rounded-lg border bg-card', loading && 'opacity-70')} data-testid="roster-grid">
      <table className="w-full border-separate border-spacing-0 text-xs">
        <thead>
          <tr>
            <th className="sticky left-0 z-20 min-w-52 border-b bg-card px-3 py-2 text-left text-sm font-medium">Employee</th>
            {roster.days.map((d, i) => (
              <th
                key={d.date}
                title={d.holiday ?? formatDate(d.date)}
                className={cn(
                  'min-w-10 border-b border-l px-1 py-1 text-center font-medium',
                  off(i) && 'bg-zinc-100 dark:bg-zinc-500/10',
                  d.date === today && 'text-primary',
                )}
              >
                <div className="text-[10px] text-muted-foreground">{WEEKDAY_INITIAL[d.weekday]}</div>
                <div className="tabular-nums">{Number(d.date.slice(8, 10))}</div>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {roster.rows.length === 0 && (
            <tr>
              <td colSpan={roster.days.length + 1} className="px-3 py-10 text-center text-sm text-muted-foreground">
                No employee matches.
              </td>
            </tr>
          )}
          {roster.rows.map((r) => (
            <tr key={r.employeeId} className="group" data-testid="roster-row">
              <td className="sticky left-0 z-10 border-b bg-card px-3 py-1.5 group-hover:bg-muted">
                {onEmployee ? (
                  <button type="button" className="text-left hover:underline" onClick={() => onEmployee(r)} data-testid="roster-employee">
                    <span className="block max-w-52 truncate text-sm font-medium">{r.name}</span>
                  </button>
                ) : (
                  <span className="block max-w-52 truncate text-sm font-medium">{r.name}</span>
                )}
                <span className="block truncate text-muted-foreground">
                  <span className="font-mono">{r.employeeCode}</span> · {r.departmentName}
                </span>
              </td>
              {r.cells.map((c, i) => {
                const shaded = c.weeklyOff || !!c.holiday;
                return (
                  <td
                    key={roster.days[i]?.date ?? i}
                    title={c.holiday ?? (c.weeklyOff ? 'Weekly off' : undefined)}
                    className={cn(
                      'border-b border-l px-1 py-1.5 text-center font-mono',
                      shaded ? 'bg-zinc-100 text-muted-foreground dark:bg-zinc-500/10' : 'group-hover:bg-muted/50',
                      roster.days[i]?.date === today && 'bg-primary/5',
                    )}
                    data-testid="roster-cell"
                  >
                    {c.weeklyOff ? 'WO' : c.holiday && !c.shiftId ? 'H' : c.code || '·'}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </SidewaysScroll>
  );
}

/** /outlet/view-shift: the roster (employees × days) with filters and paging; assign shifts; an employee's assignments. */
export default function ViewShiftScreen() {
  const { menu, actions } = useCurrentMenu(MENU.viewShift);
  const [ym, setYm] = useState(() => yearMonthOf(todayIso()));
  const [filters, setFilters] = useState<Filters>({ unitId: null, departmentId: null, shiftId: null });
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const [assigning, setAssigning] = useState<TEmployeeOption[] | null>(null);
  const [employee, setEmployee] = useState<TRosterRow | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const set = <K extends keyof Filters>(k: K, v: Filters[K]) => {
    setFilters((f) => ({ ...f, [k]: v, ...(k === 'unitId' ? { departmentId: null } : {}) }));
    if (k === 'unitId') setProblems([]);
    setPage(1);
  };
  const roster = useRoster({ ...ym, ...filters, search: debounced, page, pageSize });
  const data = roster.data;
  const total = data?.total ?? 0;
  const shifts = data?.shifts ?? [];
  const used = new Set(data?.rows.flatMap((r) => r.cells.map((c) => c.shiftId)) ?? []);

  return (
    <div>
      <PageHeader
        title={menu?.label ?? 'View shift'}
        description={
          data ? `${formatCount(total)} employee${total === 1 ? '' : 's'} · click a name for their assignments` : 'The month’s roster.'
        }
        actions={
          <>
            <MonthNav
              year={ym.year}
              month={ym.month}
              onChange={(v) => {
                setYm(v);
                setProblems([]);
                setPage(1);
              }}
            />
            {actions.add && (
              <Button onClick={() => setAssigning([])} data-testid="assign-shifts">
                <CalendarCog /> Assign shifts
              </Button>
            )}
            {actions.add && <RosterExcel unitId={filters.unitId} year={ym.year} month={ym.month} onProblems={setProblems} />}
          </>
        }
      />
      {problems.length > 0 && (
        <Alert variant="destructive" className="mb-4" data-testid="roster-upload-problems">
          <XCircle />
          <AlertTitle>The roster was not saved</AlertTitle>
          <AlertDescription>
            <ul className="list-disc pl-4">
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </AlertDescription>
        </Alert>
      )}
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <SearchBox
          value={search}
          onChange={(v) => {
            setSearch(v);
            setPage(1);
          }}
        />
        <UnitSelect value={filters.unitId} onChange={(v) => set('unitId', v)} allLabel="All units" data-testid="filter-unit" />
        <DepartmentSelect value={filters.departmentId} onChange={(v) => set('departmentId', v)} unitId={filters.unitId} />
        <select
          className={FILTER_CLASS}
          aria-label="Shift"
          value={filters.shiftId ?? ''}
          onChange={(e) => set('shiftId', e.target.value ? Number(e.target.value) : null)}
          data-testid="filter-shift"
        >
          <option value="">All shifts</option>
          {shifts.map((s) => (
            <option key={s.id} value={s.id}>
              {s.code} · {s.name}
            </option>
          ))}
        </select>
      </div>
      {data && data.rows.length === 0 && total === 0 && !roster.isFetching && !debounced && !Object.values(filters).some((v) => v) ? (
        <EmptyState icon={<CalendarRange />} title="No employee in your units" description="The roster lists the staff of your units." />
      ) : (
        <RosterGrid roster={data} loading={roster.isFetching} onEmployee={setEmployee} />
      )}
      <LoadError what="The roster" show={roster.isError && !data} />
      <ShiftLegend className="mt-3" shifts={shifts.filter((s) => used.has(s.id))} />
      <PaginationBar
        className="mt-4"
        page={page}
        pages={Math.max(1, Math.ceil(total / pageSize))}
        pageSize={pageSize}
        onPageChange={setPage}
        onPageSizeChange={(s) => {
          setPageSize(s);
          setPage(1);
        }}
      />
      <AssignShiftsDialog
        open={assigning !== null}
        onOpenChange={(o) => !o && setAssigning(null)}
        shifts={shifts}
        initialEmployees={assigning ?? []}
        initialUnitId={filters.unitId}
      />
      <AssignmentsSheet
        row={employee}
        onClose={() => setEmployee(null)}
        canDelete={actions.delete}
        onAssign={
          actions.add
            ? (r) => {
                setEmployee(null);
                setAssigning([{ id: r.employeeId, name: r.name, employeeCode: r.employeeCode }]);
              }
            : undefined
        }
      />
    </div>
  );
}
