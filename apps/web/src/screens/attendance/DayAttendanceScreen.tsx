import { MENU } from '@hr/contract/menus';
import { Fingerprint, ListChecks, SquarePen } from 'lucide-react';
import { useState } from 'react';
import { DepartmentSelect, SearchBox } from '@/components/common/Filters';
import { LoadError } from '@/components/common/LoadError';
import { UnitSelect } from '@/components/common/UnitSelect';
import { type DataColumn, PagedTable, useDebounced, usePaging } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { dayLabel, todayIso } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { type TDayViewRow, type TDayViewStatus, useDayView, useRegularisations } from './api';
import { CountTiles, DAY_TILES, DayNav, DayPunchesSheet, dayColumns } from './DayParts';
import { DevicesPanel } from './DevicesPanel';
import { MarkDayDialog, type TMarkTarget } from './MarkDayDialog';
import { PendingCorrections } from './Regularisations';

/** The Mark button of a row (none on one's own: nobody marks their own attendance, the server refuses it). */
function markColumns(canMark: boolean, ownEmployeeId: number | null, onMark: (row: TDayViewRow) => void): DataColumn<TDayViewRow>[] {
  if (!canMark) return [];
  return [
    {
      id: 'mark',
      header: '',
      headClassName: 'w-0',
      isolated: true,
      cell: (r) =>
        r.employeeId === ownEmployeeId ? null : (
          <Button
            size="sm"
            variant="ghost"
            disabled={r.day?.frozen}
            title={r.day?.frozen ? "The month's salary is approved: the day cannot change" : 'Mark the day by hand'}
            onClick={() => onMark(r)}
            data-testid="mark-day"
          >
            <SquarePen /> Mark
          </Button>
        ),
    },
  ];
}

/** The tabs: the day's employees, the corrections waiting (with their count), the devices. */
function DayTabsList({ pendingTotal }: { pendingTotal: number | undefined }) {
  return (
    <TabsList className="max-w-full justify-start overflow-x-auto">
      <TabsTrigger value="day">
        <ListChecks /> Employees
      </TabsTrigger>
      <TabsTrigger value="corrections" data-testid="tab-corrections">
        Pending corrections
        {!!pendingTotal && <span className="rounded-full bg-amber-500 px-1.5 text-[10px] font-semibold text-white">{pendingTotal}</span>}
      </TabsTrigger>
      <TabsTrigger value="devices" data-testid="tab-devices">
        <Fingerprint /> Devices
      </TabsTrigger>
    </TabsList>
  );
}

type TDayFilters = { search: string; unitId: number | null; departmentId: number | null; status: TDayViewStatus | null };

/** Search, unit, department (each change goes back to page 1), and the way back from a status tile to everyone. */
function DayFilterBar({
  filters,
  onChange,
}: {
  filters: TDayFilters;
  onChange: (change: Partial<TDayFilters>, keepPage?: boolean) => void;
}) {
  const { status } = filters;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <SearchBox value={filters.search} onChange={(search) => onChange({ search })} />
      <UnitSelect
        value={filters.unitId}
        onChange={(unitId) => onChange({ unitId, departmentId: null })}
        allLabel="All units"
        data-testid="filter-unit"
      />
      <DepartmentSelect value={filters.departmentId} onChange={(departmentId) => onChange({ departmentId })} unitId={filters.unitId} />
      {status && (
        <Button variant="ghost" size="sm" onClick={() => onChange({ status: null }, true)}>
          Showing {DAY_TILES.find((t) => t.status === status)?.label.toLowerCase()} · show all
        </Button>
      )}
    </div>
  );
}

/** /outlet/attandance: a manager's day: counts, the employees' status and times, marking by hand, corrections, devices. */
export default function DayAttendanceScreen() {
  const { menu, actions } = useCurrentMenu(MENU.attendance);
  const ownEmployeeId = useSession((s) => s.acc_dtls?.employeeId ?? null);
  const today = todayIso();
  const [date, setDate] = useState(today);
  const [filters, setFilters] = useState<TDayFilters>({ search: '', unitId: null, departmentId: null, status: null });
  const { unitId, departmentId, status } = filters;
  const debounced = useDebounced(filters.search.trim(), 300);
  const paging = usePaging();
  const { page, pageSize, setPage } = paging;
  const [marking, setMarking] = useState<TMarkTarget | null>(null);
  const [viewing, setViewing] = useState<TDayViewRow | null>(null);
  const view = useDayView({ date, unitId, departmentId, status, search: debounced, page, pageSize });
  const data = view.data;
  const total = data?.total ?? 0;
  const pending = useRegularisations({ scope: 'toDecide', status: 'pending', page: 1, pageSize: 10 });
  const reset = () => setPage(1);
  const filter = (change: Partial<TDayFilters>, keepPage = false) => {
    setFilters((f) => ({ ...f, ...change }));
    if (!keepPage) reset();
  };

  const columns = dayColumns(
    markColumns(actions.edit, ownEmployeeId, (r) => setMarking({ employeeId: r.employeeId, name: r.name, date, day: r.day })),
  );

  return (
    <div className="grid grid-cols-1 gap-4">
      <PageHeader
        title={menu?.label ?? 'Attendance'}
        description={`${dayLabel(date)}${date === today ? ' (today)' : ''}`}
        actions={
          <DayNav
            date={date}
            max={today}
            onChange={(d) => {
              setDate(d);
              reset();
            }}
          />
        }
        className="mb-2"
      />
      <Tabs defaultValue="day" className="min-w-0">
        <DayTabsList pendingTotal={pending.data?.total} />
        <TabsContent value="day" className="mt-2 grid gap-4">
          <CountTiles counts={data?.counts} status={status} onStatus={(s) => filter({ status: s })} />
          <DayFilterBar filters={filters} onChange={filter} />
          <PagedTable
            columns={columns}
            rows={data?.rows ?? []}
            rowKey={(r) => r.employeeId}
            loading={view.isLoading}
            empty={status || debounced ? 'No employee matches.' : 'No employee in your units on this day.'}
            rowProps={(r) => ({ className: 'cursor-pointer', 'data-testid': 'day-row', onClick: () => setViewing(r) })}
            paging={paging}
            total={total}
            notice={<LoadError what="The day" show={view.isError && !data} />}
            pagerClassName=""
          />
        </TabsContent>
        <TabsContent value="corrections" className="mt-2">
          <PendingCorrections />
        </TabsContent>
        <TabsContent value="devices" className="mt-2">
          <DevicesPanel canMap={actions.edit} />
        </TabsContent>
      </Tabs>
      <MarkDayDialog target={marking} onOpenChange={(o) => !o && setMarking(null)} />
      <DayPunchesSheet row={viewing} date={date} onClose={() => setViewing(null)} />
    </div>
  );
}
