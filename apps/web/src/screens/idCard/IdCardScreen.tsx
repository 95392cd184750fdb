import type { TIdCard, TIdCardBatch, TJobStarted } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { useQuery } from '@tanstack/react-query';
import { IdCard, Printer } from 'lucide-react';
import { useState } from 'react';
import { BatchDocumentCard, OwnDocumentCard } from '@/components/documents/DocumentCards';
import { useEmployeeOptions } from '@/components/employee/api';
import { ReferenceSelect } from '@/components/resource/ReferenceSelect';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { EmptyState, PageHeader } from '@/components/ui/page-header';
import { ApiError, api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { downloadIdCards } from '@/lib/documents';
import { initials } from '@/lib/initials';
import { useSession } from '@/lib/session';
import { errorToast, toast } from '@/lib/toast-store';
import { useAction } from '@/lib/useAction';
import { useCurrentMenu } from '@/lib/useCurrentMenu';

async function printCards(query: Record<string, number>, layout: 'card' | 'a4'): Promise<string | undefined> {
  const batch = await api.get<TIdCardBatch>(apiPath('/api/id-cards'), query, { silent: true });
  if (batch.cards.length === 0) return 'No active employee to print a card for.';
  // Built in the documents Web Worker (pdfmake loads there on first use, never in this page).
  const fileName = await downloadIdCards(batch, layout);
  if (!fileName) {
    errorToast('The ID card PDF could not be built');
    return;
  }
  toast({
    variant: 'success',
    title: 'ID card ready',
    description: `${fileName} (${batch.cards.length} card${batch.cards.length === 1 ? '' : 's'})`,
  });
}

/** A small on-screen likeness of the card's front. */
function CardPreview({ card, organisation }: { card: TIdCard; organisation: string }) {
  return (
    <div className="w-56 overflow-hidden rounded-xl border bg-white text-slate-900 shadow-md" data-testid="id-card-preview">
      <div className="bg-[#1f3a5f] px-3 py-2 text-[11px] font-semibold leading-tight text-white">{organisation}</div>
      <div className="h-1 bg-[#c8962e]" />
      <div className="flex flex-col items-center gap-1 px-3 py-4">
        <div className="mb-2 flex h-24 w-20 items-center justify-center overflow-hidden rounded border-2 border-[#c8962e] bg-slate-100 text-xl font-semibold text-slate-500">
          {card.photo ? <img src={card.photo} alt={card.name} className="size-full object-cover" /> : initials(card.name)}
        </div>
        <div className="text-center font-semibold">{card.name}</div>
        <div className="text-center text-xs text-[#1f3a5f]">{card.designation}</div>
        <div className="text-center text-[11px] text-slate-500">{card.unit}</div>
        <div className="mt-2 flex w-full justify-between text-[11px]">
          <span>
            Code <b>{card.employeeCode}</b>
          </span>
          <span>
            Blood <b className="text-red-700">{card.bloodGroup ?? '—'}</b>
          </span>
        </div>
      </div>
      <div className="h-2 bg-[#1f3a5f]" />
    </div>
  );
}

/** /outlet/idCard: an employee prints their own card; managers and administrators print one or a unit's batch. */
export default function IdCardScreen() {
  const { menu } = useCurrentMenu(MENU.idCard);
  const acc = useSession((s) => s.acc_dtls);
  const self = acc?.isSelfService ?? true;
  const own = useQuery({
    queryKey: ['id-cards', 'own', acc?.employeeId],
    queryFn: ({ signal }) => api.get<TIdCardBatch>(apiPath('/api/id-cards'), { employeeId: acc?.employeeId ?? undefined }, { signal }),
    enabled: acc?.employeeId != null,
  });
  const ownCard = own.data?.cards[0];
  return (
    <div className="space-y-6">
      <PageHeader
        title={menu?.label ?? 'ID Card'}
        description="CR80 cards with photo, QR code of the employee code, and contact details on the back."
      />
      <div className="grid gap-6 lg:grid-cols-2">
        {acc?.employeeId != null && (
          <OwnDocumentCard
            title="Your ID card"
            description="Front and back on card-size pages, ready for a card printer."
            employeeId={acc.employeeId}
            noun="ID card"
            preview={
              ownCard ? (
                <CardPreview card={ownCard} organisation={own.data?.organisationName ?? ''} />
              ) : (
                <div className="h-72 w-56 animate-pulse rounded-xl bg-muted" />
              )
            }
            action={{
              label: 'Print my ID card',
              busyLabel: 'Preparing…',
              icon: <Printer />,
              testId: 'print-own-id-card',
              disabled: !ownCard,
            }}
            download={() => printCards({ employeeId: ownCard!.employeeId }, 'card')}
          />
        )}
        {!self && <BatchCard />}
        {self && acc?.employeeId == null && (
          <EmptyState icon={<IdCard />} title="No employee record" description="Your sign-in is not linked to an employee." />
        )}
      </div>
    </div>
  );
}

const JOB = {
  label: 'ID cards of the unit',
  successTitle: 'ID cards ready',
  count: (r: Record<string, unknown>) => `(${Number(r.cards ?? 0)} cards)`,
  failed: 'The ID cards could not be built',
};

function BatchCard() {
  const [unitId, setUnitId] = useState<number | ''>('');
  const [search, setSearch] = useState('');
  const [employeeId, setEmployeeId] = useState<number | ''>('');
  // A notice (no active employee) shows as an error toast, and so does a failure: the batch is read `silent`, so an
  // API error's toast is shown here.
  const print = useAction((id: number) => printCards({ employeeId: id }, 'card'), {
    onDone: (notice) => {
      if (notice) errorToast(notice);
    },
    onError: (e) => {
      if (e instanceof ApiError) errorToast(e.message);
    },
  });

  const busy = print.busy;
  const choices = useEmployeeOptions(search).data ?? [];
  const select = 'h-9 w-full rounded-md border border-input bg-background px-2 text-sm';
  const printOne = () => print.run(Number(employeeId));
  return (
    <BatchDocumentCard
      title="Print for staff"
      description="A unit's active staff on A4, nine cards a sheet with the backs on the next sheet (duplex, long edge)."
      resetKey={unitId}
      fields={
        <ReferenceSelect
          resource="unit"
          aria-label="Unit"
          placeholder="Choose a unit…"
          value={unitId === '' ? null : unitId}
          onChange={(v) => setUnitId(v ?? '')}
          data-testid="id-card-unit"
        />
      }
      action={{ label: 'Print unit (A4)', busyLabel: 'Starting…', icon: <Printer />, testId: 'print-unit-id-cards', disabled: !unitId }}
      // A unit's cards are built on the server by a job (any number of staff); the bar follows it, then the PDF downloads.
      start={() => api.post<TJobStarted>(apiPath('/api/id-cards/batch'), { unitId: Number(unitId), layout: 'a4' }, { silent: true })}
      job={JOB}
      extra={
        <div className="space-y-2">
          <Input placeholder="Find an employee by name or code" value={search} onChange={(e) => setSearch(e.target.value)} />
          <div className="flex flex-col gap-2 sm:flex-row">
            <select
              className={select}
              value={employeeId}
              onChange={(e) => setEmployeeId(e.target.value ? Number(e.target.value) : '')}
              aria-label="Employee"
            >
              <option value="">Choose an employee…</option>
              {choices.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name} ({c.employeeCode})
                </option>
              ))}
            </select>
            <Button variant="outline" disabled={busy || !employeeId} onClick={() => void printOne()}>
              <Printer /> Print card
            </Button>
          </div>
        </div>
      }
    />
  );
}
