import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { MonthPicker, YearPicker } from '@/components/common/Pickers';
import { UnitSelect } from '@/components/common/UnitSelect';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { todayIso } from '@/lib/format';
import { currentMonth, yearOptions } from '@/lib/months';
import { AttendanceWidget } from './admin/AttendanceWidget';
import { AdvancesWidget, DocumentsWidget, OccasionsWidget, PayrollCostWidget } from './admin/MoneyWidgets';
import { HeadcountWidget, MovementWidget, RequestsWidget } from './admin/PeopleWidgets';
import type { Filter } from './admin/useWidget';

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
      (['headcount', 'movement', 'attendance', 'requests', 'payroll-cost', 'documents', 'occasions', 'advances'] as const).map((name) =>
        queryClient
          .fetchQuery({
            queryKey: ['dashboard', 'admin', name, filter],
            queryFn: () =>
              api.get(
                apiPath(`/api/dashboard/admin/${name}`),
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
