import { MENU } from '@hr/contract/menus';
import { PenLine } from 'lucide-react';
import { useState } from 'react';
import { PunchCard } from '@/components/attendance/PunchCard';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { todayIso } from '@/lib/format';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { useEmployeeMonth } from './api';
import { MonthNav } from './components';
import { yearMonthOf } from './format';
import { MonthView } from './MonthView';
import { RegularisationDialog } from './RegularisationDialog';
import { MyRegularisations } from './Regularisations';

/** /outlet/me/attendance/logs: punch in / out, my month's calendar and summary, my corrections. */
export default function MyAttendanceScreen() {
  const { menu } = useCurrentMenu(MENU.myAttendanceLogs);
  const today = todayIso();
  const [ym, setYm] = useState(() => yearMonthOf(today));
  const [selected, setSelected] = useState<string | null>(null);
  const [correcting, setCorrecting] = useState<{ day: string; known: { firstIn: string | null; lastOut: string | null } | null } | null>(
    null,
  );
  const month = useEmployeeMonth(null, ym.year, ym.month);
  const employee = month.data?.employee;

  return (
    <div className="grid gap-6">
      <PageHeader
        title={menu?.label ?? 'My attendance'}
        description={employee ? `${employee.name} (${employee.code}) · ${employee.unitName}` : 'Your punches, days and corrections.'}
        actions={
          <Button variant="outline" onClick={() => setCorrecting({ day: selected ?? today, known: null })} data-testid="request-correction">
            <PenLine /> Request correction
          </Button>
        }
        className="mb-0"
      />
      <PunchCard />
      <MonthView
        year={ym.year}
        month={ym.month}
        data={month.data}
        loading={month.isLoading}
        selected={selected}
        onSelect={setSelected}
        toolbar={
          <MonthNav
            year={ym.year}
            month={ym.month}
            onChange={(v) => {
              setYm(v);
              setSelected(null);
            }}
            max={yearMonthOf(today)}
          />
        }
        dayActions={(date, day) =>
          date <= today ? (
            <Button
              size="sm"
              variant="outline"
              onClick={() => setCorrecting({ day: date, known: day ?? null })}
              disabled={day?.frozen}
              title={day?.frozen ? "The month's salary is approved: the day cannot change" : undefined}
              data-testid="day-request-correction"
            >
              <PenLine /> Request correction
            </Button>
          ) : null
        }
      />
      {month.isError && !month.data && <p className="text-sm text-destructive">Your month could not be loaded.</p>}
      <section className="grid gap-3">
        <h2 className="text-lg font-semibold">My corrections</h2>
        <MyRegularisations />
      </section>
      <RegularisationDialog
        open={correcting !== null}
        onOpenChange={(o) => !o && setCorrecting(null)}
        day={correcting?.day}
        known={correcting?.known}
      />
    </div>
  );
}
