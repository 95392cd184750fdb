import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { todayIso } from '@/lib/format';
import { toast } from '@/lib/toast-store';
import { useAction } from '@/lib/useAction';
import {
  approveRequest,
  bulkDecide,
  cancelRequest,
  exportRequests,
  rejectRequest,
  requestKeys,
  type TListQuery,
  type TRequest,
  type TRequestKind,
} from '../api';
import { bulkSummary, periodLabel, subjectLabel } from '../format';

export type TAsk = { mode: 'reject' | 'cancel' | 'bulkReject'; items: TRequest[] } | null;

/** The texts of the remark dialog for what is asked. */
function askTextOf(ask: TAsk) {
  if (!ask) return null;
  const one = ask.items[0];
  const who = ask.items.length === 1 ? `${one.employeeName}: ${subjectLabel(one)}, ${periodLabel(one)}.` : `${ask.items.length} requests.`;
  if (ask.mode === 'cancel')
    return {
      title: 'Cancel the request',
      description: `${who} Leave days return to the balance; the employee is told why.`,
      label: 'Reason',
      confirm: 'Cancel the request',
    };
  return {
    title: ask.items.length > 1 ? 'Reject the selected requests' : 'Reject the request',
    description: `${who} The employee sees your remark.`,
    label: 'Remark',
    confirm: 'Reject',
  };
}

/** Approve, reject, cancel (one or many) and export, each with its toast and a refresh of the lists. */
export function useRequestActions(p: {
  kind: TRequestKind;
  query: TListQuery;
  setSelected: (s: Set<number>) => void;
  open: TRequest | null;
  setOpen: (r: TRequest | null) => void;
}) {
  const queryClient = useQueryClient();
  const [ask, setAsk] = useState<TAsk>(null);
  const { open, setOpen } = p;

  const refresh = async () => {
    p.setSelected(new Set());
    await queryClient.invalidateQueries({ queryKey: requestKeys.all });
    await queryClient.invalidateQueries({ queryKey: requestKeys.balances });
  };

  const approveAction = useAction((r: TRequest) => approveRequest(r.id), {
    success: (_, r) => ({ title: 'Approved', description: `${r.employeeName}: ${subjectLabel(r)}, ${periodLabel(r)}` }),
    onDone: async (_, r) => {
      if (open?.id === r.id) setOpen(null);
      await refresh();
    },
    // toast shown (e.g. 409: someone decided it a moment ago)
    onError: () => queryClient.invalidateQueries({ queryKey: requestKeys.list }),
  });

  const bulkAction = useAction(
    (action: 'approve' | 'reject', items: TRequest[], remark: string | undefined) =>
      bulkDecide({ ids: items.map((r) => r.id), action, remark: remark || undefined }),
    {
      // Some may fail (decided meanwhile, out of reach): the toast says so, in red.
      onDone: async (result, action) => {
        toast({
          variant: result.failed.length ? 'destructive' : 'success',
          title: result.failed.length ? 'Some were not decided' : action === 'approve' ? 'Approved' : 'Rejected',
          description: bulkSummary(action, result),
        });
        await refresh();
      },
    },
  );
  const bulk = (action: 'approve' | 'reject', items: TRequest[], remark?: string) => bulkAction.run(action, items, remark);

  const exportAction = useAction(
    async () => {
      const fileName = `requests_${p.kind}_${todayIso()}.xlsx`;
      await exportRequests(p.query, fileName);
      return fileName;
    },
    { success: (fileName) => ({ title: 'Downloaded', description: fileName }) },
  );

  /** The remark dialog's confirm: reject many, or reject or cancel one. */
  const confirmAsk = async (text: string) => {
    if (!ask) return;
    if (ask.mode === 'bulkReject') await bulk('reject', ask.items, text);
    else {
      const r = ask.items[0];
      if (ask.mode === 'reject') await rejectRequest(r.id, text);
      else await cancelRequest(r.id, text);
      toast({
        variant: 'success',
        title: ask.mode === 'reject' ? 'Rejected' : 'Cancelled',
        description: `${r.employeeName}: ${subjectLabel(r)}`,
      });
      if (open?.id === r.id) setOpen(null);
      await refresh();
    }
  };

  return {
    approve: approveAction.run,
    bulk,
    busy: approveAction.pending?.[0].id ?? (bulkAction.busy ? 'bulk' : null),
    exporting: exportAction.busy,
    doExport: exportAction.run,
    ask,
    setAsk,
    askText: askTextOf(ask),
    confirmAsk,
  };
}
