import { MENU } from '@hr/contract/menus';
import { CalendarDays, PenLine, SquarePen } from 'lucide-react';
import { useState } from 'react';
import { EmployeePicker, type TEmployeeOption } from '@/components/EmployeePicker';
import { Button } from '@/components/ui/button';
import { EmptyState, PageHeader } from '@/components/ui/page-header';
import { todayIso } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { useEmployeeMonth } from './api';
import { MonthNav } from './components';
import { yearMonthOf } from './format';
import { MarkDayDialog, type TMarkTarget } from './MarkDayDialog';
import { MonthView } from './MonthView';
import { RegularisationDialog } from './RegularisationDialog';

/** /outlet/employeeAttendace: one employee's month (calendar, summary, the day's punches), chosen by name or code. */
export default function EmployeeAttendanceScreen() {
  const { menu } = useCurrentMenu(MENU.employeeAttendance);
  // Marking by hand belongs to the day view's menu: offered here too to whoever holds it.
  const ownEmployeeId = useSession((s) => s.acc_dtls?.employeeId ?? null);
  const mayMark = useCurrentMenu(MENU.attendance).actions.edit;
  const today = todayIso();
  const [employee, setEmployee] = useState<TEmployeeOption | null>(null);
  const canMark = mayMark && employee?.id !== ownEmployeeId;
  const [ym, setYm] = useState(() => yearMonthOf(today));
  const [selected, setSelected] = useState<string | null>(null);
  const [markTarget, setMarking] = useState<TMarkTarget | null>(null);
  const [correcting, setCorrecting] = useState<{ day: string; known: { firstIn: string | null; lastOut: string | null } | null } | null>(
    null,
  );
  const month = useEmployeeMonth(employee?.id ?? null, ym.year, ym.month, employee !== null);
  const data = month.data && month.data.employee.id === employee?.id ? month.data : undefined;

  return (
    <div className="grid gap-4">
      <PageHeader
        title={menu?.label ?? 'Employee attendance'}
        description={
          data ? `${data.employee.name} (${data.employee.code}) · ${data.employee.unitName}` : 'Choose an employee to see their month.'
        }
        className="mb-2"
      />
      <div className="flex flex-wrap items-center gap-2">
        <EmployeePicker
          value={employee}
          onChange={(e) => {
            setEmployee(e);
            setSelected(null);
          }}
          className="w-80"
          data-testid="employee-picker"
        />
        <MonthNav
          year={ym.year}
          month={ym.month}
          onChange={(v) => {
            setYm(v);
            setSelected(null);
          }}
        />
      </div>
      {employee === null ? (
        <EmptyState
          icon={<CalendarDays />}
          title="No employee chosen"
          description="Find an employee by name or code to open their month."
        />
      ) : (
        <MonthView
          year={ym.year}
          month={ym.month}
          data={data}
          loading={month.isFetching && !data}
          selected={selected}
          onSelect={setSelected}
          dayActions={(date, day) =>
            date <= today ? (
              <div className="flex gap-1">
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setCorrecting({ day: date, known: day ?? null })}
                  disabled={day?.frozen}
                  data-testid="day-request-correction"
                >
                  <PenLine /> Correction
                </Button>
                {canMark && (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={day?.frozen}
                    title={day?.frozen ? "The month's salary is approved: the day cannot change" : undefined}
                    onClick={() => setMarking({ employeeId: employee.id, name: employee.name, date, day: day ?? null })}
                    data-testid="day-mark"
                  >
                    <SquarePen /> Mark
                  </Button>
                )}
              </div>
            ) : null
          }
        />
      )}
      {month.isError && !data && <p className="text-sm text-destructive">This employee's month could not be loaded.</p>}
      <MarkDayDialog target={markTarget} onOpenChange={(o) => !o && setMarking(null)} />
      <RegularisationDialog
        open={correcting !== null}
        onOpenChange={(o) => !o && setCorrecting(null)}
        day={correcting?.day}
        known={correcting?.known}
        employeeId={employee?.id}
        employeeName={employee?.name}
      />
    </div>
  );
}
