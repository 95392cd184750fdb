import { MENU } from '@hr/contract/menus';
import { Clock, Moon } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { DateInput, FILTER_CLASS } from '@/components/common/Filters';
import { LoadError } from '@/components/common/LoadError';
import { UnitSelect } from '@/components/common/UnitSelect';
import { type DataColumn, PagedTable, usePaging } from '@/components/data-table';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState, PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCount, formatDate, todayIso } from '@/lib/format';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { type TShiftDetails, useShiftDetails, useShiftOptions } from './api';
import { minutesToHm, yearMonthOf } from './format';

type Row = TShiftDetails['employees'][number];

function Rule({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums">{value}</dd>
    </div>
  );
}

/** Decimal hours as text ('8.00' → '8:00 h'). */
const hours = (text: string) => `${minutesToHm(Math.round(Number(text) * 60))} h`;

/** /outlet/shift-dtls: a shift's rules, and who works it on a date (by roster or as their default shift). */
export default function ShiftDetailsScreen() {
  const { menu } = useCurrentMenu(MENU.shiftDetails);
  const today = todayIso();
  const { year, month } = yearMonthOf(today);
  const shifts = useShiftOptions(year, month);
  const [shiftId, setShiftId] = useState<number | null>(null);
  const [date, setDate] = useState(today);
  const [unitId, setUnitId] = useState<number | null>(null);
  const paging = usePaging();
  const { page, pageSize, setPage } = paging;
  // The first shift opens by itself.
  useEffect(() => {
    if (shiftId === null && shifts.data?.length) setShiftId(shifts.data[0].id);
  }, [shiftId, shifts.data]);
  const details = useShiftDetails(shiftId, { date, unitId, page, pageSize });
  const data = details.data && details.data.shift.id === shiftId ? details.data : undefined;
  const s = data?.shift;
  const total = data?.total ?? 0;

  const columns: DataColumn<Row>[] = [
    { id: 'code', header: 'Code', cell: (r) => <span className="font-mono text-xs">{r.employeeCode}</span> },
    { id: 'name', header: 'Employee', cell: (r) => <span className="font-medium">{r.name}</span> },
    { id: 'unit', header: 'Unit', cell: (r) => r.unitName },
    {
      id: 'via',
      header: 'Through',
      cell: (r) => (r.viaRoster ? <Badge variant="secondary">Roster</Badge> : <Badge variant="outline">Default shift</Badge>),
    },
  ];

  return (
    <div className="grid gap-4">
      <PageHeader title={menu?.label ?? 'Shift details'} description="A shift's rules and who works it on a day." className="mb-2" />
      <div className="flex flex-wrap items-center gap-2">
        <select
          className={`${FILTER_CLASS} w-64`}
          aria-label="Shift"
          value={shiftId ?? ''}
          onChange={(e) => {
            setShiftId(e.target.value ? Number(e.target.value) : null);
            setPage(1);
          }}
          data-testid="shift-select"
        >
          {!shifts.data?.length && <option value="">{shifts.isLoading ? 'Loading shifts…' : 'No shift'}</option>}
          {shifts.data?.map((x) => (
            <option key={x.id} value={x.id}>
              {x.code}
              {x.name && x.name !== x.code ? ` · ${x.name}` : ''}
            </option>
          ))}
        </select>
        <DateInput label="Date" value={date} onChange={paging.refilter(setDate)} />
        <UnitSelect value={unitId} onChange={paging.refilter(setUnitId)} allLabel="All units" data-testid="filter-unit" />
      </div>
      <LoadError what="The shifts" show={shifts.isError} />

      {shiftId === null ? (
        !shifts.isLoading && <EmptyState icon={<Clock />} title="No shift to show" description="Shifts are set up in the shift master." />
      ) : (
        <>
          <Card className="gap-3 py-4" data-testid="shift-rules">
            <CardHeader className="px-4">
              <CardTitle className="flex items-center gap-2">
                {s ? (
                  <>
                    <span className="font-mono">{s.code}</span> {s.name}
                    {s.isNightShift && (
                      <Badge variant="secondary">
                        <Moon /> Night shift
                      </Badge>
                    )}
                  </>
                ) : (
                  <Skeleton className="h-5 w-48" />
                )}
              </CardTitle>
              {s && (
                <CardDescription className="tabular-nums">
                  {s.startTime.slice(0, 5)} – {s.endTime.slice(0, 5)}
                  {s.isNightShift ? ' (next day)' : ''}
                </CardDescription>
              )}
            </CardHeader>
            {s && (
              <CardContent className="px-4">
                <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-4 lg:grid-cols-7">
                  <Rule label="Grace (late in)" value={`${s.graceMinutes} min`} />
                  <Rule label="Grace (early out)" value={`${s.earlyGraceMinutes} min`} />
                  <Rule label="Break" value={`${s.breakMinutes} min`} />
                  <Rule label="Half day from" value={hours(s.halfDayMinHours)} />
                  <Rule label="Full day from" value={hours(s.fullDayMinHours)} />
                  <Rule
                    label="Overtime after"
                    value={s.overtimeAfterMinutes === null ? 'No overtime' : `${s.overtimeAfterMinutes} min past end`}
                  />
                  <Rule label="Night shift" value={s.isNightShift ? 'Yes' : 'No'} />
                </dl>
              </CardContent>
            )}
          </Card>

          <div className="flex items-baseline justify-between gap-2">
            <h2 className="text-lg font-semibold">On this shift on {formatDate(date)}</h2>
            {data && <span className="text-sm text-muted-foreground">{formatCount(total)} employees</span>}
          </div>
          <PagedTable
            columns={columns}
            rows={data?.employees ?? []}
            rowKey={(r) => r.employeeId}
            loading={details.isLoading}
            empty="Nobody works this shift on this day."
            paging={paging}
            total={total}
            notice={<LoadError what="The shift" show={details.isError && !data} />}
            pagerClassName=""
          />
        </>
      )}
    </div>
  );
}
