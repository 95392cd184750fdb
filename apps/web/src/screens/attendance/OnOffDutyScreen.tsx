import { MENU } from '@hr/contract/menus';
import { useState } from 'react';
import { DepartmentSelect, SearchBox } from '@/components/common/Filters';
import { LoadError } from '@/components/common/LoadError';
import { UnitSelect } from '@/components/common/UnitSelect';
import { PagedTable, useDebounced, usePaging } from '@/components/data-table';
import { PageHeader } from '@/components/ui/page-header';
import { dayLabel, todayIso } from '@/lib/format';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { type TDayViewRow, type TDayViewStatus, useDayView } from './api';
import { CountTiles, DAY_TILES, DayNav, DayPunchesSheet, dayColumns } from './DayParts';

const tile = (key: (typeof DAY_TILES)[number]['key']) => DAY_TILES.filter((t) => t.key === key);

/** Who is at work: now (today) or present on the chosen day, including work from home and on duty. */
const ON_TODAY = [...tile('onDutyNow'), ...tile('present'), ...tile('halfDay'), ...tile('wfh'), ...tile('onDuty')];
const ON_PAST = [...tile('present'), ...tile('halfDay'), ...tile('wfh'), ...tile('onDuty')];
/** Who is off: on leave, weekly off, holiday, absent. */
const OFF = [...tile('onLeave'), ...tile('weeklyOff'), ...tile('holiday'), ...tile('absent')];

/** /outlet/employeeoffonDuty: who is on duty (now, or on a date) and who is off (leave, weekly off, holiday, absent). */
export default function OnOffDutyScreen() {
  const { menu } = useCurrentMenu(MENU.onOffDuty);
  const today = todayIso();
  const [date, setDate] = useState(today);
  const [unitId, setUnitId] = useState<number | null>(null);
  const [departmentId, setDepartmentId] = useState<number | null>(null);
  const [status, setStatus] = useState<TDayViewStatus>('in');
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim(), 300);
  const paging = usePaging();
  const { page, pageSize, setPage } = paging;
  const [viewing, setViewing] = useState<TDayViewRow | null>(null);
  const view = useDayView({ date, unitId, departmentId, status, search: debounced, page, pageSize });
  const data = view.data;
  const total = data?.total ?? 0;
  const choose = (s: TDayViewStatus | null) => {
    if (s) setStatus(s);
    setPage(1);
  };
  const label = DAY_TILES.find((t) => t.status === status)?.label ?? '';

  return (
    <div className="grid gap-4">
      <PageHeader
        title={menu?.label ?? 'On / off duty'}
        description={`${dayLabel(date)}${date === today ? ' (today)' : ''} · showing ${label.toLowerCase()}`}
        actions={
          <DayNav
            date={date}
            max={today}
            onChange={(d) => {
              setDate(d);
              // "At work now" only means something today.
              if (d !== today && (status === 'in' || status === 'notIn')) setStatus('P');
              setPage(1);
            }}
          />
        }
        className="mb-2"
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <section className="grid gap-2" data-testid="on-duty">
          <h2 className="text-sm font-semibold text-emerald-700 dark:text-emerald-300">On duty</h2>
          <CountTiles counts={data?.counts} tiles={date === today ? ON_TODAY : ON_PAST} status={status} onStatus={choose} />
        </section>
        <section className="grid gap-2" data-testid="off-duty">
          <h2 className="text-sm font-semibold text-muted-foreground">Off duty</h2>
          <CountTiles counts={data?.counts} tiles={OFF} status={status} onStatus={choose} />
        </section>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <SearchBox value={search} onChange={paging.refilter(setSearch)} />
        <UnitSelect
          value={unitId}
          onChange={(v) => {
            setUnitId(v);
            setDepartmentId(null);
            setPage(1);
          }}
          allLabel="All units"
          data-testid="filter-unit"
        />
        <DepartmentSelect value={departmentId} onChange={paging.refilter(setDepartmentId)} unitId={unitId} />
      </div>
      <PagedTable
        columns={dayColumns()}
        rows={data?.rows ?? []}
        rowKey={(r) => r.employeeId}
        loading={view.isLoading}
        empty={`Nobody ${status === 'in' ? 'is at work now' : `is ${label.toLowerCase()}`}.`}
        rowProps={(r) => ({ className: 'cursor-pointer', 'data-testid': 'duty-row', onClick: () => setViewing(r) })}
        paging={paging}
        total={total}
        notice={<LoadError what="The day" show={view.isError && !data} />}
        pagerClassName=""
      />
      <DayPunchesSheet row={viewing} date={date} onClose={() => setViewing(null)} />
    </div>
  );
}
