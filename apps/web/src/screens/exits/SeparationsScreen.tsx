import { SEPARATION_STATUSES, type TSeparation } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { Plus, UserCheck } from 'lucide-react';
import { useState } from 'react';
import { FilterSelect, UnitFilterBar } from '@/components/common/Filters';
import { type DataColumn, PagedTable, usePaging } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { formatCount } from '@/lib/format';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { useSeparations } from './api';
import { dmy, Employee, StatusBadge, statusLabel, typeLabel } from './components';
import { RecordSeparationDialog } from './RecordSeparationDialog';
import { SeparationDialog } from './SeparationDialog';

/** Separations by unit and status, recorded and approved here (HR), or the employee's own (`own`). */
export function SeparationList({ own }: { own?: boolean }) {
  const { menu, actions } = useCurrentMenu(own ? MENU.mySeparation : MENU.separation);
  const hr = useCurrentMenu(MENU.settlement).actions;
  const [unitId, setUnitId] = useState<number | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const paging = usePaging();
  const [creating, setCreating] = useState(false);
  // ?id= opens one separation (the employee record's link).
  const [open, setOpen] = useState<number | null>(() => Number(new URLSearchParams(window.location.search).get('id')) || null);
  const list = useSeparations({
    unitId: unitId ?? undefined,
    status: status ?? undefined,
    mine: own ? '1' : undefined,
    page: paging.page,
    pageSize: paging.pageSize,
  });
  const total = list.data?.total ?? 0;
  const columns: DataColumn<TSeparation>[] = [
    { id: 'employee', header: 'Employee', cell: (r) => <Employee s={r} /> },
    { id: 'type', header: 'Type', cell: (r) => typeLabel(r.type) },
    { id: 'notice', header: 'Notice given', cell: (r) => <span className="whitespace-nowrap">{dmy(r.noticeGivenOn)}</span> },
    { id: 'lwd', header: 'Last working day', cell: (r) => <span className="whitespace-nowrap">{dmy(r.lastDay)}</span> },
    {
      id: 'short',
      header: 'Notice short',
      headClassName: 'text-right',
      className: 'text-right tabular-nums',
      cell: (r) => (r.noticeShortfall ? `${r.noticeShortfall} d` : '—'),
    },
    { id: 'status', header: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
  ];
  return (
    <div>
      <PageHeader
        title={menu?.label ?? (own ? 'My Separation' : 'Separation')}
        description={
          own
            ? 'Your resignation: your reporting manager approves it, then HR. You can withdraw it until it is approved.'
            : `${formatCount(total)} separation${total === 1 ? '' : 's'}. From the day after the last working day the employee is separated and can no longer sign in.`
        }
        actions={
          actions.add && (
            <Button onClick={() => setCreating(true)} data-testid="new-separation">
              <Plus /> {own ? 'Resign' : 'Record separation'}
            </Button>
          )
        }
      />
      {!own && (
        <UnitFilterBar unitId={unitId} onUnitChange={paging.refilter(setUnitId)}>
          <FilterSelect
            label="Status"
            any="Any status"
            value={status}
            options={SEPARATION_STATUSES}
            optionLabel={statusLabel}
            onChange={paging.refilter((v: string) => setStatus(v || null))}
          />
        </UnitFilterBar>
      )}
      <PagedTable
        columns={columns}
        list={list}
        rowKey={(r) => r.id}
        paging={paging}
        emptyState={{
          icon: <UserCheck />,
          title: 'No separation',
          description: own ? 'You have not resigned.' : 'Recorded separations appear here for approval.',
        }}
        rowProps={(r) => ({ className: 'cursor-pointer', 'data-testid': 'separation-row', onClick: () => setOpen(r.id) })}
      />
      <RecordSeparationDialog open={creating} onOpenChange={setCreating} own={own} onSaved={(s) => setOpen(s.id)} />
      <SeparationDialog id={open} onClose={() => setOpen(null)} mayCompute={!own && hr.add} />
    </div>
  );
}

/** /outlet/transaction/separation */
export default function SeparationsScreen() {
  return <SeparationList />;
}
