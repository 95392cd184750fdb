// The settlement screen's Payment card (issue 27): an approved settlement is paid as a month's salary is — its bank
// file in a bank's layout, then marked paid with the value date and UTR (or read from the bank's response file on the
// settlements list). Paid on / pending (with the bank's reason when returned); a settlement the employee owes is not paid.
import { type TBankLayout, type TSettlement, ZSettlementMarkPaid } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, FileDown } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DateInput } from '@/components/ui/date-input';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { downloadFile } from '@/lib/files';
import { contractResolver, serverErrors } from '@/lib/form';
import { into } from '@/lib/form-fields';
import { todayIso } from '@/lib/format';
import { useAction } from '@/lib/useAction';
import { useCurrentMenu } from '@/lib/useCurrentMenu';
import { exitKeys } from './api';
import { dmy } from './components';

export function PaymentState({ x }: { x: Pick<TSettlement, 'paymentStatus' | 'paidOn' | 'paymentFailure' | 'overdue'> }) {
  if (x.paymentStatus === 'paid') return <span className="text-emerald-700">Paid on {x.paidOn ? dmy(x.paidOn) : ''}</span>;
  if (x.paymentStatus === 'pending')
    return (
      <span className={x.overdue ? 'font-semibold text-rose-700' : 'text-amber-800'}>
        Pending{x.paymentFailure ? ` (returned: ${x.paymentFailure})` : ''}
      </span>
    );
  return <span className="text-muted-foreground">—</span>;
}

/** The card's fields: the value date (ISO, '' when empty) and the bank's reference as typed. */
export type TMarkPaidFields = { valueDate: string; reference: string };
type TMarkPaidBody = z.output<typeof ZSettlementMarkPaid>;

/** The fields checked by the contract's ZSettlementMarkPaid (the route's body): the reference trimmed, blank → none. */
export const MARK_PAID_RESOLVER = contractResolver<TMarkPaidFields, TMarkPaidBody>(
  into(z.object({ valueDate: z.string(), reference: z.string().transform((s) => s.trim() || undefined) }), ZSettlementMarkPaid),
);

export function SettlementPaymentCard({ x }: { x: TSettlement }) {
  const queryClient = useQueryClient();
  const { actions } = useCurrentMenu(MENU.settlement);
  const pending = x.paymentStatus === 'pending';
  const layouts = useQuery({
    queryKey: ['payments', 'layouts'],
    queryFn: ({ signal }) => api.get<TBankLayout[]>(apiPath('/api/payments/layouts'), undefined, { signal }),
    enabled: pending && x.payMode === 'bank',
  });
  const [layoutId, setLayoutId] = useState('');
  const form = useForm<TMarkPaidFields, unknown, TMarkPaidBody>({
    resolver: MARK_PAID_RESOLVER,
    defaultValues: { valueDate: todayIso(), reference: '' },
  });
  const errors = form.formState.errors;
  const valueDate = form.watch('valueDate');
  const layout = layouts.data?.find((l) => String(l.id) === layoutId) ?? layouts.data?.[0];
  const bankFile = useAction(
    async () => {
      if (!layout) return null;
      const name = `Bank_File_FnF_${x.employeeCode}.${layout.fileExtension}`;
      await downloadFile(apiPath('/api/exits/settlements/:id/bank-file', { id: x.id }), name, { layout: layout.id, valueDate });
      return name;
    },
    { success: (name) => (name ? { title: 'Bank file ready', description: name } : null) },
  );
  const markPaid = useAction(
    (body: TMarkPaidBody) =>
      api.post<TSettlement>(apiPath('/api/exits/settlements/:id/mark-paid', { id: x.id }), body, { onError: serverErrors(form) }),
    { success: 'Settlement marked paid', onDone: () => queryClient.invalidateQueries({ queryKey: exitKeys.settlements }) },
  );
  if (x.status !== 'approved') return null;
  const submit = form.handleSubmit(async (body) => {
    await markPaid.run(body);
  });
  return (
    <Card data-testid="settlement-payment">
      <CardHeader className="pb-2">
        <CardTitle className="text-base">Payment</CardTitle>
        <CardDescription>
          {x.net <= 0 ? (
            'Nothing is paid: the employee owes the amount'
          ) : (
            <>
              <PaymentState x={x} />
              {x.paymentStatus === 'paid' && x.paymentReference ? ` · ${x.paymentReference}` : ''} · by {x.payMode}
            </>
          )}
        </CardDescription>
      </CardHeader>
      {pending && actions.edit && (
        <CardContent className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 sm:items-end">
          <FormField label="Value date" htmlFor="pay-value-date" error={errors.valueDate?.message}>
            <DateInput id="pay-value-date" aria-invalid={!!errors.valueDate} {...form.register('valueDate')} />
          </FormField>
          {x.payMode === 'bank' && (
            <FormField label="Bank layout" htmlFor="pay-layout">
              <select
                id="pay-layout"
                className="h-9 w-full rounded-md border bg-background px-2 text-sm"
                value={layout ? String(layout.id) : ''}
                onChange={(e) => setLayoutId(e.target.value)}
              >
                {(layouts.data ?? []).map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name}
                  </option>
                ))}
              </select>
            </FormField>
          )}
          <FormField label="Bank's reference (UTR)" htmlFor="pay-reference" error={errors.reference?.message}>
            <Input id="pay-reference" aria-invalid={!!errors.reference} {...form.register('reference')} data-testid="pay-reference" />
          </FormField>
          <div className="flex flex-wrap gap-2">
            {x.payMode === 'bank' && (
              <Button
                variant="outline"
                disabled={!layout || bankFile.busy}
                onClick={() => void bankFile.run()}
                data-testid="settlement-bank-file"
              >
                <FileDown /> Bank file
              </Button>
            )}
            <Button disabled={markPaid.busy} onClick={() => void submit()} data-testid="settlement-mark-paid">
              <CheckCircle2 /> Mark paid
            </Button>
          </div>
        </CardContent>
      )}
    </Card>
  );
}
