// /outlet/statutory-parameters (issue 25): where an administrator or the payroll office keeps the law current.
// Pick a kind (and a state for PT and LWF) and a day: the row in force that day with its figures and source,
// and every dated row before and after it — which came with a release and which the employer added, which an
// approved or locked month used. "Add row" starts from the figures in force; an employer's unused row may be
// changed or deactivated.
import type { TStatutoryParameter } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { useQueryClient } from '@tanstack/react-query';
import { BookOpen, ExternalLink, Lock, Pencil, Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DateInput } from '@/components/ui/date-input';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { EmptyState, PageHeader } from '@/components/ui/page-header';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDate, todayIso } from '@/lib/format';
import { formatYearMonth } from '@/lib/months';
import { useAction } from '@/lib/useAction';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { deactivateParameter, parameterKeys, useParameters } from './api';
import { Figures } from './Figures';
import { ParameterDialog } from './ParameterDialog';

type Row = TStatutoryParameter;

export default function StatutoryParametersScreen() {
  const { menu, actions } = useCurrentMenu(MENU.statutoryParameters);
  const queryClient = useQueryClient();
  const [kind, setKind] = useState('pf');
  const [state, setState] = useState('');
  const [on, setOn] = useState(todayIso());
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<{ template: Row; editing: boolean } | null>(null);
  const [deactivating, setDeactivating] = useState<Row | null>(null);
  const list = useParameters(kind, /^\d{4}-\d{2}-\d{2}$/.test(on) ? on : todayIso());
  const kinds = list.data?.kinds ?? [];
  const kindInfo = kinds.find((k) => k.kind === kind);
  const perState = kindInfo?.perState ?? false;
  // The states with rows of this kind first; the chosen one, or the first of them.
  const statesWithRows = useMemo(
    () => [...new Set((list.data?.history ?? []).map((r) => r.stateCode).filter(Boolean))] as string[],
    [list.data],
  );
  const stateCode = perState ? state || statesWithRows[0] || list.data?.states[0]?.code || '' : '';
  const history = (list.data?.history ?? []).filter((r) => (perState ? r.stateCode === stateCode : true));
  const inForce = history.find((r) => r.inForce) ?? null;
  const shown = history.find((r) => r.id === selectedId) ?? inForce;
  const stateName = list.data?.states.find((s) => s.code === stateCode)?.name ?? stateCode;
  // A new row starts from the figures in force, else the newest of the kind (a state's first row).
  const template = inForce ?? history[0] ?? (list.data?.history ?? [])[0] ?? null;

  const deactivate = useAction((row: Row) => deactivateParameter(row.id), {
    success: 'Row deactivated',
    onDone: async () => {
      setDeactivating(null);
      await queryClient.invalidateQueries({ queryKey: parameterKeys.all });
    },
  });

  const openAdd = () => {
    if (!template) return;
    setDialog({
      template: { ...template, stateCode: perState ? stateCode : null, stateName: perState ? stateName : null },
      editing: false,
    });
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title={menu?.label ?? 'Statutory Parameters'}
        description="The rates, ceilings and slabs of PF, ESI, professional tax, labour welfare fund and income tax, the gratuity ceiling and the tax-exempt limits of gratuity and leave encashment, and the forms of the registers of wages, each from the day its notification took effect. Payroll, settlements and the calculators read them from here."
        actions={
          actions.add && (
            <Button onClick={openAdd} disabled={!template} data-testid="add-parameter">
              <Plus /> Add row
            </Button>
          )
        }
      />

      <div className="grid gap-3 sm:flex sm:flex-wrap sm:items-end">
        <FormField label="Kind" htmlFor="sp-kind" className="sm:w-72">
          <Select
            value={kind}
            onValueChange={(v) => {
              setKind(v);
              setState('');
              setSelectedId(null);
            }}
          >
            <SelectTrigger id="sp-kind" aria-label="Kind" data-testid="kind-select">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {kinds.map((k) => (
                <SelectItem key={k.kind} value={k.kind}>
                  {k.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
        {perState && (
          <FormField label="State" htmlFor="sp-state" className="sm:w-56">
            <Select
              value={stateCode}
              onValueChange={(v) => {
                setState(v);
                setSelectedId(null);
              }}
            >
              <SelectTrigger id="sp-state" aria-label="State" data-testid="state-select">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {(list.data?.states ?? []).map((s) => (
                  <SelectItem key={s.code} value={s.code}>
                    {s.name}
                    {statesWithRows.includes(s.code) ? '' : ' (no rows)'}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </FormField>
        )}
        <FormField label="In force on" htmlFor="sp-on" className="sm:w-44">
          <DateInput
            id="sp-on"
            value={on}
            onChange={(e) => {
              setOn(e.target.value);
              setSelectedId(null);
            }}
          />
        </FormField>
      </div>

      {shown ? (
        <RowCard row={shown} inForceOn={shown.id === inForce?.id ? on : null} />
      ) : (
        <EmptyState
          icon={<BookOpen />}
          title={list.isLoading ? 'Loading…' : `No ${kindInfo?.label ?? kind} row in force on ${formatDate(on)}`}
          description={
            perState ? `${stateName}: add a row from the day its law took effect.` : 'Add a row from the day the law took effect.'
          }
        />
      )}

      <HistoryTable
        rows={history}
        shownId={shown?.id ?? null}
        onShow={setSelectedId}
        onChange={actions.edit ? (r) => setDialog({ template: r, editing: true }) : undefined}
        onDeactivate={actions.delete ? setDeactivating : undefined}
      />

      <ParameterDialog
        open={dialog !== null}
        onOpenChange={(v) => !v && setDialog(null)}
        template={dialog?.template ?? null}
        editing={dialog?.editing ?? false}
        kindLabel={kindInfo?.label ?? kind}
        on={on}
      />

      <Dialog open={deactivating !== null} onOpenChange={(v) => !v && setDeactivating(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Deactivate this row?</DialogTitle>
            <DialogDescription>
              The row from {formatDate(deactivating?.effectiveFrom)} stops counting; the row before it applies again from that day. It stays
              in the history and the audit trail.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setDeactivating(null)}>
              Cancel
            </Button>
            <Button variant="destructive" disabled={deactivate.busy} onClick={() => deactivating && void deactivate.run(deactivating)}>
              Deactivate
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}

/** Every dated row of the kind and state, newest first; an employer's unused row may change or go. */
function HistoryTable({
  rows,
  shownId,
  onShow,
  onChange,
  onDeactivate,
}: {
  rows: Row[];
  shownId: number | null;
  onShow: (id: number) => void;
  onChange?: (row: Row) => void;
  onDeactivate?: (row: Row) => void;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>History</CardTitle>
        <CardDescription>Every dated row, newest first. Choose one to see its figures.</CardDescription>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>In force</TableHead>
              <TableHead>Notification</TableHead>
              <TableHead>Origin</TableHead>
              <TableHead>Salary months</TableHead>
              <TableHead className="text-right">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((r) => {
              const changeable = r.isActive && r.origin === 'employer' && !r.usedBy;
              return (
                <TableRow
                  key={r.id}
                  data-testid="parameter-row"
                  data-state={r.id === shownId ? 'selected' : undefined}
                  className={r.isActive ? 'cursor-pointer' : 'cursor-pointer text-muted-foreground line-through'}
                  onClick={() => onShow(r.id)}
                >
                  <TableCell className="whitespace-nowrap">
                    {period(r)}
                    {r.inForce && (
                      <Badge variant="success" className="ml-2">
                        In force
                      </Badge>
                    )}
                    {!r.isActive && (
                      <Badge variant="outline" className="ml-2">
                        Deactivated
                      </Badge>
                    )}
                  </TableCell>
                  <TableCell className="min-w-56 max-w-md whitespace-normal">
                    <Source row={r} short />
                  </TableCell>
                  <TableCell>
                    <OriginBadge row={r} />
                  </TableCell>
                  <TableCell>
                    <UsedBy row={r} />
                  </TableCell>
                  <TableCell className="text-right whitespace-nowrap" onClick={(e) => e.stopPropagation()}>
                    {changeable && onChange && (
                      <Button variant="ghost" size="icon" aria-label="Change this row" onClick={() => onChange(r)}>
                        <Pencil />
                      </Button>
                    )}
                    {changeable && onDeactivate && (
                      <Button variant="ghost" size="icon" aria-label="Deactivate this row" onClick={() => onDeactivate(r)}>
                        <Trash2 />
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={5} className="text-center text-muted-foreground">
                  No rows yet.
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

function period(r: Row): string {
  if (!r.isActive) return `From ${formatDate(r.effectiveFrom)}`;
  return r.effectiveTo ? `${formatDate(r.effectiveFrom)} – ${formatDate(r.effectiveTo)}` : `From ${formatDate(r.effectiveFrom)}`;
}

function RowCard({ row, inForceOn }: { row: Row; inForceOn: string | null }) {
  return (
    <Card data-testid="parameter-card">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          {inForceOn ? `In force on ${formatDate(inForceOn)}` : 'Row'}: {period(row)}
          {row.stateName && <span className="font-normal text-muted-foreground">· {row.stateName}</span>}
          <OriginBadge row={row} />
          <UsedBy row={row} />
        </CardTitle>
        <CardDescription>
          <Source row={row} />
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Figures data={row.data} />
      </CardContent>
    </Card>
  );
}

function OriginBadge({ row }: { row: Row }) {
  return row.origin === 'release' ? (
    <Badge variant="secondary" title="Shipped with a release of this software">
      Release
    </Badge>
  ) : (
    <Badge variant="default" title={row.createdBy ? `Added by ${row.createdBy}` : 'Added by the employer'}>
      Employer
    </Badge>
  );
}

function UsedBy({ row }: { row: Row }) {
  if (!row.usedBy) return <span className="text-xs text-muted-foreground">Not used yet</span>;
  const { runs, firstMonth, lastMonth } = row.usedBy;
  const months = firstMonth === lastMonth ? formatYearMonth(firstMonth) : `${formatYearMonth(firstMonth)} – ${formatYearMonth(lastMonth)}`;
  return (
    <Badge
      variant="warning"
      title={`${runs} approved or locked salary run${runs === 1 ? '' : 's'} used this row`}
      data-testid="used-by"
      className="h-auto whitespace-normal"
    >
      <Lock /> Used by locked months: {months}
    </Badge>
  );
}

function Source({ row, short = false }: { row: Row; short?: boolean }) {
  const title = row.notification ?? (short ? `${row.source.slice(0, 90)}${row.source.length > 90 ? '…' : ''}` : row.source);
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2 text-sm">
      <span className={short ? 'line-clamp-2' : undefined}>{title}</span>
      {row.notificationDate && <span className="text-muted-foreground">of {formatDate(row.notificationDate)}</span>}
      {row.sourceUrl && (
        <a
          href={row.sourceUrl}
          target="_blank"
          rel="noreferrer noopener"
          className="inline-flex items-center gap-1 text-primary underline-offset-2 hover:underline"
          onClick={(e) => e.stopPropagation()}
        >
          Read it <ExternalLink className="size-3" />
        </a>
      )}
      {!short && row.notification && row.source !== row.notification && (
        <span className="basis-full text-muted-foreground">{row.source}</span>
      )}
    </span>
  );
}
