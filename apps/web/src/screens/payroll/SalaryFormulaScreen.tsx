import type { TFormula } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Plus, Sigma } from 'lucide-react';
import { useMemo, useState } from 'react';
import { UnitSelect } from '@/components/common/UnitSelect';
import { type DataColumn, DataTable, RowActions } from '@/components/data-table';
import { useHeads } from '@/components/payroll/structure';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { EmptyState, PageHeader } from '@/components/ui/page-header';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { formatYearMonth } from '@/lib/months';
import { useAction } from '@/lib/useAction';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { payrollKeys, type THead, useFormulas } from './api';
import { FormulaDialog } from './FormulaDialog';
import { FormulaPreviewPanel } from './FormulaPreviewPanel';

/** The formulas in the heads' order (defaults before overrides, newest first), and the calculative heads without any. */
function useFormulaRows(formulas: TFormula[] | undefined, heads: THead[] | undefined) {
  const order = useMemo(() => new Map((heads ?? []).map((h, i) => [h.id, i])), [heads]);
  const rows = useMemo(
    () =>
      [...(formulas ?? [])].sort(
        (a, b) =>
          (order.get(a.earningDeductionId) ?? 999) - (order.get(b.earningDeductionId) ?? 999) ||
          a.headCode.localeCompare(b.headCode) ||
          Number(a.unitId !== null) - Number(b.unitId !== null) ||
          b.effectiveFrom.localeCompare(a.effectiveFrom),
      ),
    [formulas, order],
  );
  // Calculative heads with no formula at all compute as 0: say so where it is fixed.
  const missing = useMemo(() => {
    if (!formulas || !heads) return [];
    const covered = new Set(formulas.map((f) => f.earningDeductionId));
    return heads.filter((h) => h.isCalculative && !h.isNetPayHead && !covered.has(h.id));
  }, [formulas, heads]);
  return { rows, missing };
}

/** The list's columns; a unit's own version is marked as an override when a unit is chosen. */
function formulaColumns(
  unitId: number | null,
  onEdit: ((f: TFormula) => void) | undefined,
  onDelete: ((f: TFormula) => void) | undefined,
): DataColumn<TFormula>[] {
  return [
    { id: 'code', header: 'Code', className: 'font-mono text-xs font-medium', cell: (r) => r.headCode },
    { id: 'head', header: 'Head', cell: (r) => r.headName },
    {
      id: 'unit',
      header: 'Unit',
      cell: (r) =>
        r.unitId === null ? (
          <Badge variant="secondary">Default</Badge>
        ) : (
          <span className="flex items-center gap-2">
            {r.unitName}
            {unitId !== null && (
              <Badge variant="warning" data-testid="formula-override">
                Override
              </Badge>
            )}
          </span>
        ),
    },
    { id: 'from', header: 'Effective from', cell: (r) => <span className="whitespace-nowrap">{formatYearMonth(r.effectiveFrom)}</span> },
    {
      id: 'formula',
      header: 'Formula',
      className: 'max-w-[32rem] whitespace-pre-wrap font-mono text-xs [overflow-wrap:anywhere]',
      cell: (r) => r.formula,
    },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      headClassName: 'text-right',
      className: 'text-right',
      isolated: true,
      cell: (r) => (
        <RowActions
          onEdit={onEdit ? () => onEdit(r) : undefined}
          onDelete={onDelete ? () => onDelete(r) : undefined}
          editLabel={`Edit ${r.headCode} formula`}
          deleteLabel={`Delete ${r.headCode} formula`}
        />
      ),
    },
  ];
}

/** Asks before deleting a formula version, then deletes it (409 when an approved month used it). */
function DeleteFormulaDialog({ deleting, onClose }: { deleting: TFormula | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const remove = useAction((f: TFormula) => api.delete(apiPath('/api/payroll/formulas/:id', { id: f.id })), {
    success: (_r, f) => ({
      title: 'Formula removed',
      description: `${f.headCode} from ${formatYearMonth(f.effectiveFrom)} (${f.unitName ?? 'default'})`,
    }),
    onDone: async () => {
      await queryClient.invalidateQueries({ queryKey: payrollKeys.formulas });
      onClose();
    },
    // the toast is shown (409: an approved month used it)
    onError: onClose,
  });
  return (
    <Dialog open={deleting !== null} onOpenChange={(v) => !v && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete the {deleting?.headCode} formula?</DialogTitle>
          <DialogDescription>
            The version from {formatYearMonth(deleting?.effectiveFrom)} ({deleting?.unitName ?? 'default'}) goes; the earlier version, if
            any, applies again. A version an approved month used cannot be deleted.
          </DialogDescription>
        </DialogHeader>
        {deleting && (
          <pre className="whitespace-pre-wrap rounded-md [overflow-wrap:anywhere] bg-muted p-3 font-mono text-xs">{deleting.formula}</pre>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={() => deleting && void remove.run(deleting)} data-testid="confirm-delete-formula">
            Delete
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** /outlet/master/salaryFormula: the formulas of the calculative heads — the defaults and each unit's own versions. */
export default function SalaryFormulaScreen() {
  const { menu, actions } = useCurrentMenu(MENU.salaryFormula);
  const [unitId, setUnitId] = useState<number | null>(null);
  const formulas = useFormulas(unitId);
  const heads = useHeads();
  const [editing, setEditing] = useState<TFormula | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<TFormula | null>(null);

  const headList = heads.data ?? [];
  const { rows, missing } = useFormulaRows(formulas.data, heads.data);

  const open = (f: TFormula | null) => {
    setEditing(f);
    setDialogOpen(true);
  };
  const columns = formulaColumns(unitId, actions.edit ? open : undefined, actions.delete ? setDeleting : undefined);

  return (
    <div className="space-y-6">
      <PageHeader
        title={menu?.label ?? 'Salary Formula'}
        description="How each calculative head is computed. A unit's own version overrides the default from its effective month."
        actions={
          actions.add && (
            <Button onClick={() => open(null)} disabled={!heads.data} data-testid="add-formula">
              <Plus /> Add formula
            </Button>
          )
        }
      />

      <div className="flex flex-wrap items-center gap-3">
        <UnitSelect value={unitId} onChange={setUnitId} allLabel="All units (default)" className="w-64" data-testid="formula-unit-filter" />
        <span className="text-sm text-muted-foreground">
          {unitId === null ? 'Showing the default formulas.' : 'Showing the defaults and this unit’s overrides.'}
        </span>
      </div>

      {missing.length > 0 && (
        <Alert>
          <AlertTriangle />
          <AlertTitle>Calculative heads without a formula</AlertTitle>
          <AlertDescription>
            {missing.map((h) => `${h.code} (${h.name})`).join(', ')} compute as 0 until a formula is added.
          </AlertDescription>
        </Alert>
      )}

      <DataTable
        className="rounded-lg bg-card"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        sort={null}
        onSort={() => undefined}
        loading={formulas.isLoading}
        empty={
          <EmptyState
            className="border-0 p-0"
            icon={<Sigma />}
            title="No formula yet"
            description={actions.add ? 'Add a formula for each calculative head.' : 'The payroll office adds them.'}
          />
        }
        rowProps={(r) => ({
          'data-testid': 'formula-row',
          className: actions.edit ? 'cursor-pointer' : undefined,
          onClick: actions.edit ? () => open(r) : undefined,
        })}
      />

      <Card className="gap-4">
        <CardHeader>
          <CardTitle>Preview</CardTitle>
          <CardDescription>Computes one employee's month with the saved formulas, without saving anything.</CardDescription>
        </CardHeader>
        <CardContent>
          <FormulaPreviewPanel key={unitId ?? 0} initialUnitId={unitId} />
        </CardContent>
      </Card>

      <FormulaDialog open={dialogOpen} onOpenChange={setDialogOpen} editing={editing} unitId={unitId} heads={headList} />

      <DeleteFormulaDialog deleting={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
