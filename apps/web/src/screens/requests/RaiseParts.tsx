// What the three "raise" screens share: the page frame (form beside one's recent requests of the kind), the
// react-hook-form resolver on the contract's schema, sending with the server's field errors on the fields and a clear
// overlap (409) message, and the recent list with withdraw.

import type { TRaiseRequest } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, ListChecks, Undo2 } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import type { FieldErrors, FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { serverErrors } from '@/lib/form';
import { useAction } from '@/lib/useAction';
import { raiseRequest, requestKeys, type TRequest, type TRequestKind, useMyRequests, withdrawRequest } from './api';
import { RequestDetails, RequestStatusBadge } from './components';
import { KIND_LABEL, periodLabel, subjectLabel, type TRangeForm } from './format';

export function RaiseFrame({
  title,
  description,
  kind,
  children,
  side,
}: {
  title: string;
  description: string;
  kind: TRequestKind;
  children: ReactNode;
  side?: ReactNode;
}) {
  return (
    <div className="grid gap-4">
      <PageHeader
        title={title}
        description={description}
        className="mb-0"
        actions={
          <Button variant="outline" asChild>
            <Link to={MENU.myRequests}>
              <ListChecks /> My requests
            </Link>
          </Button>
        }
      />
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Card className="gap-4 py-4">
          <CardContent className="px-4">{children}</CardContent>
        </Card>
        <div className="grid gap-4">
          {side}
          <RecentRequests kind={kind} />
        </div>
      </div>
    </div>
  );
}

/** The form's error box: an overlap or locked month (409) or any message no field takes. */
export function FormProblem({ title, messages }: { title?: string; messages: string[] | undefined }) {
  if (!messages?.length) return null;
  return (
    <Alert variant="destructive" data-testid="form-problem">
      <AlertTriangle />
      <AlertTitle>{title ?? 'The request cannot be sent'}</AlertTitle>
      <AlertDescription>
        {messages.map((m) => (
          <p key={m}>{m}</p>
        ))}
      </AlertDescription>
    </Alert>
  );
}

/** Sets fields a control changes as a whole (a range, a picked option), checked again once the form was sent. */
export function setFields<T extends FieldValues>(form: Pick<UseFormReturn<T>, 'setValue' | 'formState'>, values: Partial<T>) {
  for (const [name, value] of Object.entries(values))
    form.setValue(name as Path<T>, value as PathValue<T, Path<T>>, { shouldValidate: form.formState.isSubmitted });
}

/**
 * The form's refs of a range's two dates (RangeFields' `refs`): registered as the form renders, in the order the
 * fields are shown, so that the first field in error is the one focused when the form is sent.
 */
export function rangeRefs<T extends FieldValues & TRangeForm>(form: Pick<UseFormReturn<T>, 'register'>) {
  return { fromDate: form.register('fromDate' as Path<T>).ref, toDate: form.register('toDate' as Path<T>).ref };
}

/** The form's errors as the fields show them: field → message. */
export const fieldMessages = (errors: FieldErrors): Record<string, string | undefined> =>
  Object.fromEntries(Object.entries(errors).map(([name, e]) => [name, e?.message as string | undefined]));

/**
 * Sends a request: a 400's field errors land on the fields (`rename`: a server field → the form's), a 409 (overlap,
 * locked month) or a message no field takes on `root`, until the form changes; the toast says it too. Resolves with
 * the request, or null after an error.
 */
export function useRaise<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError' | 'getValues' | 'watch' | 'clearErrors' | 'formState'>,
  rename?: Record<string, string>,
) {
  const queryClient = useQueryClient();
  const sendAction = useAction((body: TRaiseRequest) => raiseRequest(body, { onError: serverErrors(form, { whole: true, rename }) }), {
    success: (saved) => ({ title: `${KIND_LABEL[saved.kind]} request sent`, description: 'Waiting for approval.' }),
    onDone: async () => {
      await queryClient.invalidateQueries({ queryKey: requestKeys.all });
      await queryClient.invalidateQueries({ queryKey: requestKeys.balances });
    },
  });

  // Any change may resolve an overlap: its message goes as the form is edited.
  useEffect(() => {
    const sub = form.watch(() => {
      if (form.formState.errors.root) form.clearErrors('root');
    });
    return () => sub.unsubscribe();
  }, [form]);

  const send = async (body: TRaiseRequest): Promise<TRequest | null> => (await sendAction.run(body)) ?? null;
  return { busy: sendAction.busy, send };
}

/** Withdraws a pending request of one's own (a toast says so); resolves true when done. */
export function useWithdraw() {
  const queryClient = useQueryClient();
  const action = useAction((r: TRequest) => withdrawRequest(r.id).then(() => true), {
    success: (_, r) => ({ title: 'Request withdrawn', description: `${KIND_LABEL[r.kind]}: ${periodLabel(r)}` }),
    onDone: async () => {
      await queryClient.invalidateQueries({ queryKey: requestKeys.all });
      await queryClient.invalidateQueries({ queryKey: requestKeys.balances });
    },
  });
  const withdraw = async (r: TRequest): Promise<boolean> => (await action.run(r)) ?? false;
  return { withdraw, busy: action.pending?.[0].id ?? null };
}

/** One's latest requests of a kind, with withdraw while pending. */
function RecentRequests({ kind }: { kind: TRequestKind }) {
  const list = useMyRequests({ kind, page: 1, pageSize: 5 });
  const { withdraw, busy } = useWithdraw();
  const [open, setOpen] = useState<TRequest | null>(null);
  const rows = list.data?.rows ?? [];
  return (
    <Card className="gap-3 py-4" data-testid="recent-requests">
      <CardHeader className="px-4">
        <CardTitle className="text-sm">Your recent {KIND_LABEL[kind].toLowerCase()} requests</CardTitle>
        {!!list.data?.total && list.data.total > rows.length && (
          <CardDescription>
            <Link className="underline underline-offset-2" to={`${MENU.myRequests}?kind=${kind}`}>
              All {list.data.total}
            </Link>
          </CardDescription>
        )}
      </CardHeader>
      <CardContent className="px-4">
        {list.isLoading ? (
          <Skeleton className="h-20" />
        ) : rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">None yet.</p>
        ) : (
          <ul className="divide-y text-sm">
            {rows.map((r) => (
              <li key={r.id} className="flex items-center gap-2 py-2" data-testid="recent-request">
                <button type="button" className="min-w-0 flex-1 text-left" onClick={() => setOpen(r)}>
                  <div className="truncate font-medium">{kind === 'wfh' ? periodLabel(r) : subjectLabel(r)}</div>
                  {kind !== 'wfh' && (
                    <div className="truncate text-xs text-muted-foreground tabular-nums">
                      {periodLabel(r)}
                      {kind === 'visitor' && r.expectedTime ? ` ${r.expectedTime}` : ''}
                    </div>
                  )}
                </button>
                <RequestStatusBadge status={r.status} />
                {r.canWithdraw && (
                  <Button
                    size="icon-sm"
                    variant="ghost"
                    title="Withdraw"
                    aria-label="Withdraw"
                    disabled={busy === r.id}
                    onClick={() => void withdraw(r)}
                  >
                    <Undo2 />
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <RequestDetails item={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
