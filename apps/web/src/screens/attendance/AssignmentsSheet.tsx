import { useQueryClient } from '@tanstack/react-query';
import { CalendarCog, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate, formatDateTime } from '@/lib/format';
import { useAction } from '@/lib/useAction';
import { cn } from '@/lib/utils';
import { attendanceKeys, deleteAssignment, type TAssignment, type TRosterRow, useAssignments } from './api';

/** An employee's shift assignments, newest first, with delete for those who may. */
export function AssignmentsSheet({
  row,
  onClose,
  canDelete,
  onAssign,
}: {
  row: TRosterRow | null;
  onClose: () => void;
  canDelete: boolean;
  /** Opens the assign dialog for this employee (for those who may add). */
  onAssign?: (row: TRosterRow) => void;
}) {
  const queryClient = useQueryClient();
  const list = useAssignments(row?.employeeId ?? null);
  const [removing, setRemoving] = useState<TAssignment | null>(null);
  const removeAction = useAction((a: TAssignment) => deleteAssignment(a.id), {
    success: { title: 'Assignment removed', description: 'The days it covered are worked out again.' },
    onDone: async () => {
      setRemoving(null);
      await queryClient.invalidateQueries({ queryKey: attendanceKeys.all });
    },
  });
  const busy = removeAction.busy;

  const remove = async () => {
    if (!removing) return;
    await removeAction.run(removing);
  };

  return (
    <Sheet open={row !== null} onOpenChange={(o) => !o && onClose()}>
      <SheetContent className="w-full overflow-y-auto sm:max-w-md">
        <SheetHeader>
          <SheetTitle>{row?.name}</SheetTitle>
          <SheetDescription>
            {row?.employeeCode} · {row?.departmentName}: shift assignments, newest first.
          </SheetDescription>
        </SheetHeader>
        <div className="grid gap-2 px-4 pb-4" data-testid="assignments">
          {onAssign && row && (
            <Button variant="outline" className="justify-self-start" onClick={() => onAssign(row)} data-testid="assign-employee-shifts">
              <CalendarCog /> Assign shifts to {row.name.split(' ')[0]}
            </Button>
          )}
          {list.isLoading && <Skeleton className="h-20 w-full" />}
          {list.data?.length === 0 && (
            <p className="text-sm text-muted-foreground">No assignment: the employee works their default shift and weekly offs.</p>
          )}
          {list.data?.map((a) => (
            <div key={a.id} className="grid gap-1 rounded-md border p-3 text-sm" data-testid="assignment">
              <div className="flex items-center justify-between gap-2">
                <span className="font-medium">
                  {formatDate(a.fromDate)} – {a.toDate ? formatDate(a.toDate) : 'onwards'}
                </span>
                <span className="flex items-center gap-1">
                  <Badge variant="secondary" className="capitalize">
                    {a.kind}
                  </Badge>
                  {canDelete && (
                    <Button
                      size="icon-sm"
                      variant="ghost"
                      aria-label="Remove assignment"
                      onClick={() => setRemoving(a)}
                      data-testid="assignment-delete"
                    >
                      <Trash2 className="text-destructive" />
                    </Button>
                  )}
                </span>
              </div>
              <div className="flex flex-wrap gap-1 font-mono text-xs">
                {a.patternCodes.map((code, i) => (
                  <span
                    key={i}
                    className={cn(
                      'rounded border px-1.5 py-0.5',
                      code === 'OFF' && 'bg-zinc-100 text-muted-foreground dark:bg-zinc-500/10',
                    )}
                    title={
                      a.kind === 'weekly'
                        ? ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][i]
                        : a.kind === 'rotation'
                          ? `Day ${i + 1}`
                          : undefined
                    }
                  >
                    {code}
                  </span>
                ))}
              </div>
              <span className="text-xs text-muted-foreground">Made {formatDateTime(a.createdAt)}</span>
            </div>
          ))}
        </div>
        <Dialog open={removing !== null} onOpenChange={(o) => !o && setRemoving(null)}>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Remove this assignment?</DialogTitle>
              <DialogDescription>
                {removing && `${formatDate(removing.fromDate)} – ${removing.toDate ? formatDate(removing.toDate) : 'onwards'}. `}
                The days it covered fall back to older assignments or the default shift, and are worked out again.
              </DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <Button variant="outline" onClick={() => setRemoving(null)}>
                Cancel
              </Button>
              <Button variant="destructive" disabled={busy} onClick={() => void remove()} data-testid="assignment-delete-confirm">
                <Trash2 /> Remove
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      </SheetContent>
    </Sheet>
  );
}
