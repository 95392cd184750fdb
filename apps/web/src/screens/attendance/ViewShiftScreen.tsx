import type { TRosterImportResult } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarCog, CalendarRange, Download, Trash2, Upload, XCircle } from 'lucide-react';
import { useRef, useState } from 'react';
import { DepartmentSelect, FILTER_CLASS, SearchBox } from '@/components/common/Filters';
import { LoadError } from '@/components/common/LoadError';
import { UnitSelect } from '@/components/common/UnitSelect';
import { PaginationBar, useDebounced } from '@/components/data-table';
import type { TEmployeeOption } from '@/components/EmployeePicker';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { EmptyState, PageHeader } from '@/components/ui/page-header';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { SidewaysScroll } from '@/components/ui/table';
import { type ApiError, withQuery } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { downloadFile, uploadFile } from '@/lib/files';
import { formatCount, formatDate, formatDateTime, todayIso } from '@/lib/format';
import { useAction } from '@/lib/useAction';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { cn } from '@/lib/utils';
import { AssignShiftsDialog } from './AssignShiftsDialog';
import { attendanceKeys, deleteAssignment, type TAssignment, type TRoster, type TRosterRow, useAssignments, useRoster } from './api';
import { MonthNav, ShiftLegend } from './components';
import { WEEKDAY_INITIAL, yearMonthOf } from './format';

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

/** An employee's shift assignments, newest first, with delete for those who may. */
function AssignmentsSheet({
  row,
  onClose,
  canDelete,
  onAssign,
}: {
  row: TRosterRow | null;
  onClose: () => void;
  canDelete: boolean;
  /** Opens the assign dialog for this employee (for those who may add). */
  onAssign?: (row: TRosterRow) => void;
}) {
  const queryClient = useQueryClient();
  const list = useAssignments(row?.employeeId ?? null);
  const [removing, setRemoving] = useState<TAssignment | null>(null);
  const removeAction = useAction((a: TAssignment) => deleteAssignment(a.id), {
    success: { title: 'Assignment removed', description: 'The days it covered are worked out again.' },
    onDone: async () => {
      setRemoving(null);
      await queryClient.invalidateQueries({ queryKey: attendanceKeys.all });
    },
  });
  const busy = removeAction.busy;

  const remove = async () => {
    if (!removing) return;
    await removeAction.run(removing);
  };

  return (
    <Sheet open={row !== null} onOpenChange={(o) => !o && onClose()}>
      <SheetContent className="w-full overflow-y-auto sm:max-w-md">
        <SheetHeader>
          <SheetTitle>{row?.name}</SheetTitle>
          <SheetDescription>
            {row?.employeeCode} · {row?.departmentName}: shift assignments, newest first.
          </SheetDescription>
        </SheetHeader>
        <div className="grid gap-2 px-4 pb-4" data-testid="assignments">
          {onAssign && row && (
            <Button variant="outline" className="justify-self-start" onClick={() => onAssign(row)} data-testid="assign-employee-shifts">
              <CalendarCog /> Assign shifts to {row.name.split(' ')[0]}
            </Button>
          )}
          {list.isLoading && <Skeleton className="h-20 w-full" />}
          {list.data?.length === 0 && (
            <p className="text-sm text-muted-foreground">No assignment: the employee works their default shift and weekly offs.</p>
          )}
          {list.data?.map((a) => (
            <div key={a.id} className="grid gap-1 rounded-md border p-3 text-sm" data-testid="assignment">
              <div className="flex items-center justify-between gap-2">
                <span className="font-medium">
                  {formatDate(a.fromDate)} – {a.toDate ? formatDate(a.toDate) : 'onwards'}
                </span>
                <span className="flex items-center gap-1">
                  <Badge variant="secondary" className="capitalize">
                    {a.kind}
                  </Badge>
                  {canDelete && (
                    <Button
                      size="icon-sm"
                      variant="ghost"
                      aria-label="Remove assignment"
                      onClick={() => setRemoving(a)}
                      data-testid="assignment-delete"
                    >
                      <Trash2 className="text-destructive" />
                    </Button>
                  )}
                </span>
              </div>
              <div className="flex flex-wrap gap-1 font-mono text-xs">
                {a.patternCodes.map((code, i) => (
                  <span
                    key={i}
                    className={cn(
                      'rounded border px-1.5 py-0.5',
                      code === 'OFF' && 'bg-zinc-100 text-muted-foreground dark:bg-zinc-500/10',
                    )}
                    title={
                      a.kind === 'weekly'
                        ? ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][i]
                        : a.kind === 'rotation'
                          ? `Day ${i + 1}`
                          : undefined
                    }
                  >
                    {code}
                  </span>
                ))}
              </div>
              <span className="text-xs text-muted-foreground">Made {formatDateTime(a.createdAt)}</span>
            </div>
          ))}
        </div>
        <Dialog open={removing !== null} onOpenChange={(o) => !o && setRemoving(null)}>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Remove this assignment?</DialogTitle>
              <DialogDescription>
                {removing && `${formatDate(removing.fromDate)} – ${removing.toDate ? formatDate(removing.toDate) : 'onwards'}. `}
                The days it covered fall back to older assignments or the default shift, and are worked out again.
              </DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <Button variant="outline" onClick={() => setRemoving(null)}>
                Cancel
              </Button>
              <Button variant="destructive" disabled={busy} onClick={() => void remove()} data-testid="assignment-delete-confirm">
                <Trash2 /> Remove
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      </SheetContent>
    </Sheet>
  );
}

/** An upload's 400 as a list: 'row N' keys are sheet rows; other keys (the file) their messages. */
function uploadProblems(e: ApiError): string[] {
  const rowOf = (k: string) => Number(/\d+/.exec(k)?.[0] ?? 0);
  const entries = Object.entries(e.fieldErrors ?? {}).sort(([a], [b]) => rowOf(a) - rowOf(b));
  if (entries.length === 0) return [e.message];
  return entries.flatMap(([k, messages]) => messages.map((m) => (/^row \d+$/.test(k) ? `Row ${rowOf(k)}: ${m}` : m)));
}

/**
 * The month's roster as Excel for one unit: download the template (current shift codes, WO for weekly offs) and
 * upload it filled; all rows are saved or none, and the rows' problems are listed above the grid.
 */
function RosterExcel({
  unitId,
  year,
  month,
  onProblems,
}: {
  unitId: number | null;
  year: number;
  month: number;
  onProblems: (problems: string[]) => void;
}) {
  const queryClient = useQueryClient();
  const file = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState(0);
  const query = unitId === null ? null : { unitId, year, month };
  const why = unitId === null ? 'Choose a unit first' : undefined;

  const templateAction = useAction((q: { unitId: number; year: number; month: number }) =>
    downloadFile(
      apiPath('/api/attendance/roster/template'),
      `Roster_${q.year}_${String(q.month).padStart(2, '0')}_Unit_${q.unitId}.xlsx`,
      q,
    ),
  );
  const uploadAction = useAction(
    (q: { unitId: number; year: number; month: number }, f: File) => {
      setProgress(0);
      onProblems([]);
      return uploadFile<TRosterImportResult>(withQuery(apiPath('/api/attendance/roster/import'), q), f, setProgress);
    },
    {
      success: (res) => {
        const n = res?.count ?? 0;
        return {
          title: `Roster of ${formatCount(n)} employee${n === 1 ? '' : 's'} saved`,
          description: res?.recomputedDays ? `${formatCount(res.recomputedDays)} past days worked out again.` : undefined,
        };
      },
      onDone: () => queryClient.invalidateQueries({ queryKey: attendanceKeys.all }),
      onError: (e) => onProblems(uploadProblems(e as ApiError)),
    },
  );
  const busy = templateAction.busy ? 'template' : uploadAction.busy ? 'upload' : null;

  const template = async () => {
    if (!query) return;
    await templateAction.run(query);
  };
  const upload = async (f: File) => {
    if (!query) return;
    await uploadAction.run(query, f);
  };

  return (
    <>
      <Button
        variant="outline"
        disabled={busy !== null || !query}
        title={why}
        onClick={() => void template()}
        data-testid="roster-template"
      >
        <Download /> {busy === 'template' ? 'Downloading…' : 'Download roster template'}
      </Button>
      <Button
        variant="outline"
        disabled={busy !== null || !query}
        title={why}
        onClick={() => file.current?.click()}
        data-testid="roster-upload"
      >
        <Upload /> {busy === 'upload' ? `Uploading… ${Math.round(progress * 100)}%` : 'Upload roster'}
      </Button>
      <input
        ref={file}
        type="file"
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        className="hidden"
        data-testid="roster-file"
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) void upload(f);
        }}
      />
    </>
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
