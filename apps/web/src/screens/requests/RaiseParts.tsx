// What the three "raise" screens share: the page frame (form beside one's recent requests of the kind), sending
// with inline field errors and a clear overlap (409) message, and the recent list with withdraw.

import type { TRaiseRequest } from '@hr/contract';
import { MENU } from '@hr/contract/menus';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, ListChecks, Undo2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import type { ApiError } from '@/lib/api';
import { useAction } from '@/lib/useAction';
import { raiseRequest, requestKeys, type TRequest, type TRequestKind, useMyRequests, withdrawRequest } from './api';
import { RequestDetails, RequestStatusBadge } from './components';
import { KIND_LABEL, periodLabel, placeFieldErrors, subjectLabel } from './format';

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

/**
 * Sends a request: a 400's field errors land on the fields (the rest in `_`), a 409 (overlap, locked month) in
 * `conflict`; the toast says it too. Resolves with the request, or null after an error.
 */
export function useRaise(fields: readonly string[]) {
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const sendAction = useAction(
    (body: TRaiseRequest) =>
      raiseRequest(body, {
        onError: (e: ApiError) => {
          if (e.status === 409) setConflict(e.message);
          else if (e.status === 400) {
            const placed = placeFieldErrors(e.fieldErrors, fields);
            setErrors(Object.keys(placed).length ? placed : { _: [e.message] });
          }
        },
      }),
    {
      success: (saved) => ({ title: `${KIND_LABEL[saved.kind]} request sent`, description: 'Waiting for approval.' }),
      onDone: async () => {
        await queryClient.invalidateQueries({ queryKey: requestKeys.all });
        await queryClient.invalidateQueries({ queryKey: requestKeys.balances });
      },
    },
  );
  const busy = sendAction.busy;

  const send = async (body: TRaiseRequest): Promise<TRequest | null> => {
    setConflict(null);
    setErrors({});
    return (await sendAction.run(body)) ?? null;
  };

  /** Clears one field's error as it is edited (and the overlap message, which any change may resolve). */
  const touch = (...names: string[]) => {
    setConflict(null);
    if (names.some((n) => errors[n] || errors._))
      setErrors((e) => {
        const next = { ...e };
        for (const n of names) delete next[n];
        delete next._;
        return next;
      });
  };

  return { errors, setErrors, conflict, busy, send, touch };
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
