// What the Payment panel needs set up once: the unit's salary account (the bank file's debit account and the advice
// letter's branch) and, for administrators, a bank's own file layout (columns in order: heading, source field, width
// or format). Both are checked again by the server; its field errors are shown on the fields.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  BANK_FIELD_LABEL,
  BANK_FIELD_SOURCES,
  type TBankLayout,
  type TBankLayoutInput,
  type TRun,
  type TUnitBankAccount,
  type TUnitBankAccountInput,
  ZBankLayoutInput,
  ZUnitBankAccountInput,
} from '@hr/contract';
import { useQuery } from '@tanstack/react-query';
import { Plus, Save, Trash2 } from 'lucide-react';
import { useEffect } from 'react';
import { type UseFormReturn, useFieldArray, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { serverErrors } from '@/lib/form';
import { useAction } from '@/lib/useAction';

const SELECT = 'h-9 rounded-md border border-input bg-transparent px-2 text-sm';

/** The unit's salary account: account number, IFSC, bank, branch (and its address), the bank's client code. */
export function SalaryAccountDialog({ run, onClose }: { run: TRun; onClose: () => void }) {
  const accounts = useQuery({
    queryKey: ['payments', 'accounts'],
    queryFn: ({ signal }) => api.get<TUnitBankAccount[]>(apiPath('/api/payments/accounts'), undefined, { signal }),
  });
  const form = useForm<TUnitBankAccountInput>({ resolver: zodResolver(ZUnitBankAccountInput) });
  const current = accounts.data?.find((a) => a.unitId === run.unitId);
  useEffect(() => {
    if (current) form.reset(current);
  }, [current, form]);
  const save = useAction(
    (body: TUnitBankAccountInput) =>
      api.put<TUnitBankAccount>(apiPath('/api/payments/accounts/:unitId', { unitId: run.unitId }), body, { onError: serverErrors(form) }),
    { success: `Salary account of ${run.unitName} saved`, onDone: onClose },
  );
  const err = form.formState.errors;
  const field = (name: keyof TUnitBankAccountInput, label: string, required = true) => (
    <FormField label={label} htmlFor={`acct-${name}`} required={required} error={err[name]?.message}>
      <Input id={`acct-${name}`} {...form.register(name)} data-testid={`acct-${name}`} />
    </FormField>
  );
  return (
    <Dialog open onOpenChange={(v) => !v && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-auto">
        <DialogHeader>
          <DialogTitle>Salary account of {run.unitName}</DialogTitle>
          <DialogDescription>
            The account salaries are paid from: the bank file's debit account and the branch the advice letter is addressed to.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-3 sm:grid-cols-2" onSubmit={form.handleSubmit((v) => void save.run(v))} id="salary-account-form">
          {field('accountNo', 'Account number')}
          {field('ifsc', 'IFSC')}
          {field('bankName', 'Bank')}
          {field('branch', 'Branch')}
          {field('branchAddress', 'Branch address', false)}
          {field('clientCode', "Bank's client / corporate code", false)}
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="salary-account-form" disabled={save.busy} data-testid="save-salary-account">
            <Save /> {save.busy ? 'Saving…' : 'Save'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

const EMPTY_LAYOUT: TBankLayoutInput = {
  name: '',
  bankName: '',
  fileType: 'csv',
  delimiter: ',',
  headingRow: true,
  headerRows: [],
  columns: [
    { heading: 'Employee Code', source: 'employeeCode' },
    { heading: 'Account Number', source: 'accountNumber' },
    { heading: 'IFSC', source: 'ifsc' },
    { heading: 'Amount', source: 'amount' },
  ],
  dateFormat: 'DD/MM/YYYY',
  fileExtension: 'csv',
  source: '',
};

/** An administrator adds a bank's layout: the file's kind, then its columns in order. */
export function AddLayoutDialog({ onClose, onDone }: { onClose: () => void; onDone: (layout: TBankLayout) => unknown }) {
  const form = useForm<TBankLayoutInput>({ resolver: zodResolver(ZBankLayoutInput) as never, defaultValues: EMPTY_LAYOUT });
  const columns = useFieldArray({ control: form.control, name: 'columns' });
  const save = useAction(
    (body: TBankLayoutInput) => api.post<TBankLayout>(apiPath('/api/payments/layouts'), body, { onError: serverErrors(form) }),
    {
      success: (l) => `Layout "${l.name}" added`,
      onDone: async (l) => {
        await onDone(l);
        onClose();
      },
    },
  );
  const err = form.formState.errors;
  const fixed = form.watch('fileType') === 'fixed';
  return (
    <Dialog open onOpenChange={(v) => !v && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Add a bank file layout</DialogTitle>
          <DialogDescription>
            As the bank publishes it for bulk salary uploads: each column's heading, where its value comes from, and its width.
          </DialogDescription>
        </DialogHeader>
        <form id="layout-form" className="grid gap-3" onSubmit={form.handleSubmit((v) => void save.run(v))}>
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField label="Name" htmlFor="layout-name" required error={err.name?.message}>
              <Input id="layout-name" {...form.register('name')} data-testid="layout-name" />
            </FormField>
            <FormField label="Bank" htmlFor="layout-bank" error={err.bankName?.message}>
              <Input id="layout-bank" {...form.register('bankName')} />
            </FormField>
            <FormField label="File" htmlFor="layout-type">
              <select id="layout-type" className={SELECT} {...form.register('fileType')}>
                <option value="csv">Delimited (CSV / text)</option>
                <option value="fixed">Fixed width</option>
              </select>
            </FormField>
            <FormField label="Delimiter" htmlFor="layout-delimiter">
              <select id="layout-delimiter" className={SELECT} disabled={fixed} {...form.register('delimiter')}>
                {[',', '|', '#', ';', '~'].map((d) => (
                  <option key={d} value={d}>
                    {d}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField label="Dates" htmlFor="layout-date">
              <select id="layout-date" className={SELECT} {...form.register('dateFormat')}>
                {['DD/MM/YYYY', 'DD-MM-YYYY', 'YYYYMMDD', 'DDMMYYYY', 'YYYY-MM-DD', 'DD-MMM-YYYY'].map((d) => (
                  <option key={d}>{d}</option>
                ))}
              </select>
            </FormField>
            <FormField label="File extension" htmlFor="layout-ext">
              <select id="layout-ext" className={SELECT} {...form.register('fileExtension')}>
                <option value="csv">.csv</option>
                <option value="txt">.txt</option>
              </select>
            </FormField>
          </div>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" {...form.register('headingRow')} /> The first row carries the column headings
          </label>
          <FormField label="Where the bank publishes it" htmlFor="layout-source" error={err.source?.message}>
            <Input id="layout-source" {...form.register('source')} />
          </FormField>
          <LayoutColumns form={form} columns={columns} fixed={fixed} />
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="layout-form" disabled={save.busy} data-testid="save-layout">
            <Save /> {save.busy ? 'Saving…' : 'Add layout'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function LayoutColumns({
  form,
  columns,
  fixed,
}: {
  form: UseFormReturn<TBankLayoutInput>;
  columns: ReturnType<typeof useFieldArray<TBankLayoutInput, 'columns'>>;
  fixed: boolean;
}) {
  const err = form.formState.errors.columns;
  return (
    <div className="grid gap-2">
      <div className="text-sm font-medium">Columns, in order</div>
      {err?.message && <p className="text-sm text-destructive">{err.message}</p>}
      {err?.root?.message && <p className="text-sm text-destructive">{err.root.message}</p>}
      {columns.fields.map((f, i) => (
        <div key={f.id} className="grid grid-cols-2 items-start gap-2 sm:grid-cols-[1fr_1fr_6rem_6rem_6rem_auto]">
          <Input aria-label={`Column ${i + 1} heading`} placeholder="Heading" {...form.register(`columns.${i}.heading`)} />
          <select aria-label={`Column ${i + 1} source`} className={SELECT} {...form.register(`columns.${i}.source`)}>
            {BANK_FIELD_SOURCES.map((s) => (
              <option key={s} value={s}>
                {BANK_FIELD_LABEL[s]}
              </option>
            ))}
          </select>
          <Input aria-label={`Column ${i + 1} fixed text`} placeholder="Fixed text" {...form.register(`columns.${i}.value`)} />
          <Input
            aria-label={`Column ${i + 1} width`}
            placeholder={fixed ? 'Width' : 'Max'}
            type="number"
            {...form.register(`columns.${i}.width`, { setValueAs: (v) => (v === '' || v === null ? null : Number(v)) })}
          />
          <select aria-label={`Column ${i + 1} alignment`} className={SELECT} {...form.register(`columns.${i}.align`)}>
            <option value="left">Left</option>
            <option value="right">Right</option>
          </select>
          <Button type="button" variant="ghost" size="icon" aria-label={`Remove column ${i + 1}`} onClick={() => columns.remove(i)}>
            <Trash2 />
          </Button>
          {form.formState.errors.columns?.[i] && (
            <p className="col-span-full text-sm text-destructive">
              {Object.values(form.formState.errors.columns[i] ?? {})
                .map((e) => (e as { message?: string })?.message)
                .filter(Boolean)
                .join(' ')}
            </p>
          )}
        </div>
      ))}
      <Button type="button" variant="outline" size="sm" className="w-fit" onClick={() => columns.append({ heading: '', source: 'blank' })}>
        <Plus /> Add column
      </Button>
    </div>
  );
}
