import { type TEarlierSalary, type TEarlierSalaryInput, ZEarlierSalaryInput } from '@hr/contract';
import { Save, Trash2 } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { contractResolver, serverErrors } from '@/lib/form';
import { into } from '@/lib/form-fields';
import { useAction } from '@/lib/useAction';

type Money = Exclude<keyof TEarlierSalaryInput, 'fromMonth' | 'toMonth' | 'otherExemptSection'>;

/** The figures of a row, as the template's columns name them. */
export const EARLIER_FIELDS: { key: Money; label: string }[] = [
  { key: 'gross', label: 'Gross salary' },
  { key: 'hraExempt', label: 'HRA exempt 10(13A)' },
  { key: 'ltaExempt', label: 'LTA exempt 10(5)' },
  { key: 'otherExempt', label: 'Other exempt' },
  { key: 'pf', label: 'PF (employee)' },
  { key: 'pt', label: 'Professional tax' },
  { key: 'tds', label: 'TDS deducted' },
  { key: 'prevIncome', label: 'Previous employer salary' },
  { key: 'prevPf', label: 'Previous employer PF' },
  { key: 'prevPt', label: 'Previous employer PT' },
  { key: 'prevTds', label: 'Previous employer TDS' },
];

type Form = Record<Money | 'fromMonth' | 'toMonth' | 'otherExemptSection', string>;

const formOf = (r: TEarlierSalary): Form => ({
  fromMonth: r.fromMonth ?? '',
  toMonth: r.toMonth ?? '',
  otherExemptSection: r.otherExemptSection ?? '',
  ...(Object.fromEntries(EARLIER_FIELDS.map((f) => [f.key, String(r[f.key])])) as Record<Money, string>),
});

/** The row's text as the contract's body (ZEarlierSalaryInput): blank months and section null, a blank figure 0. */
const RESOLVER = contractResolver<Form, TEarlierSalaryInput>(
  into(
    z.record(z.string(), z.string()).transform((f) => ({
      fromMonth: f.fromMonth?.trim() || null,
      toMonth: f.toMonth?.trim() || null,
      otherExemptSection: f.otherExemptSection?.trim() || null,
      ...Object.fromEntries(EARLIER_FIELDS.map((x) => [x.key, (f[x.key] ?? '').trim() === '' ? 0 : Number(f[x.key])])),
    })),
    ZEarlierSalaryInput,
  ),
);

/** One row of earlier salary changed or removed (PUT / DELETE /api/tax/earlier-salary/{id}) until the year is closed. */
export function EarlierSalaryEditDialog({
  row,
  mayEdit,
  mayDelete,
  onClose,
  onSaved,
}: {
  row: TEarlierSalary | null;
  mayEdit: boolean;
  mayDelete: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const form = useForm<Form, unknown, TEarlierSalaryInput>({ resolver: RESOLVER });
  useEffect(() => {
    if (row) form.reset(formOf(row));
  }, [row, form]);
  const save = useAction(
    (body: TEarlierSalaryInput) =>
      api.put<TEarlierSalary>(apiPath('/api/tax/earlier-salary/:id', { id: row!.id }), body, { onError: serverErrors(form) }),
    { success: 'Earlier salary saved', onDone: onSaved },
  );
  const remove = useAction(() => api.delete(apiPath('/api/tax/earlier-salary/:id', { id: row!.id })), {
    success: 'Row removed',
    onDone: onSaved,
  });
  const locked = !!row?.closed || !mayEdit;
  const errors = form.formState.errors;
  const err = (k: keyof Form) => errors[k]?.message ?? null;

  return (
    <Dialog open={!!row} onOpenChange={(v) => !v && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl" data-testid="earlier-edit">
        <DialogHeader>
          <DialogTitle>
            {row?.name} ({row?.employeeCode})
          </DialogTitle>
          <DialogDescription>
            {row?.closed
              ? `The financial year ${row.financialYear} is closed for ${row.unitName}: this row can no longer change.`
              : 'Amounts in rupees. Leave both months empty for a row of previous-employer figures only (Form 12B).'}
          </DialogDescription>
        </DialogHeader>
        {row && (
          <div className="grid gap-3 sm:grid-cols-3">
            <FormField label="From month" htmlFor="es-from" error={err('fromMonth')}>
              <Input id="es-from" placeholder="YYYY-MM" {...form.register('fromMonth')} disabled={locked} />
            </FormField>
            <FormField label="To month" htmlFor="es-to" error={err('toMonth')}>
              <Input id="es-to" placeholder="YYYY-MM" {...form.register('toMonth')} disabled={locked} />
            </FormField>
            <FormField label="Other exempt section" htmlFor="es-section" error={err('otherExemptSection')}>
              <Input id="es-section" placeholder="10(14)" {...form.register('otherExemptSection')} disabled={locked} />
            </FormField>
            {EARLIER_FIELDS.map((f) => (
              <FormField key={f.key} label={`${f.label} (₹)`} htmlFor={`es-${f.key}`} error={err(f.key)}>
                <Input
                  id={`es-${f.key}`}
                  inputMode="decimal"
                  className="text-right tabular-nums"
                  {...form.register(f.key)}
                  disabled={locked}
                />
              </FormField>
            ))}
            {errors.root?.message && (
              <p className="text-sm text-destructive sm:col-span-3" role="alert">
                {errors.root.message}
              </p>
            )}
          </div>
        )}
        <DialogFooter className="gap-2">
          {mayDelete && !row?.closed && (
            <Button
              variant="outline"
              className="text-destructive"
              disabled={remove.busy}
              onClick={() => {
                if (window.confirm('Remove this row of earlier salary?')) void remove.run();
              }}
              data-testid="earlier-delete"
            >
              <Trash2 /> Remove
            </Button>
          )}
          {!locked && row && (
            <Button disabled={save.busy} onClick={() => void form.handleSubmit((body) => save.run(body))()} data-testid="earlier-save">
              <Save /> Save
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
