import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { Link, useBlocker } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useAction } from '@/lib/useAction';

/** Asks before leaving a screen with unsaved changes (in-app navigation and closing the tab). */
export function UnsavedChangesPrompt({ when }: { when: boolean }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!when) return;
    const onUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [when]);
  return (
    <Dialog open={blocker.state === 'blocked'} onOpenChange={(o) => !o && blocker.reset?.()}>
      <DialogContent data-testid="unsaved-prompt">
        <DialogHeader>
          <DialogTitle>Leave without saving?</DialogTitle>
          <DialogDescription>Your changes on this screen have not been saved.</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => blocker.reset?.()}>
            Stay
          </Button>
          <Button variant="destructive" onClick={() => blocker.proceed?.()} data-testid="unsaved-leave">
            Leave
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The frame of a full-page editing screen: a way back, a titled card, and the unsaved-changes prompt. */
export function EditScreen(props: {
  testId: string;
  className: string;
  back: { to: string; label: string };
  title: ReactNode;
  description: ReactNode;
  dirty: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`mx-auto space-y-4 ${props.className}`} data-testid={props.testId}>
      <Button variant="ghost" size="sm" asChild>
        <Link to={props.back.to}>
          <ArrowLeft /> {props.back.label}
        </Link>
      </Button>
      <Card>
        <CardHeader>
          <CardTitle data-testid="screen-title">{props.title}</CardTitle>
          <CardDescription>{props.description}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">{props.children}</CardContent>
      </Card>
      <UnsavedChangesPrompt when={props.dirty} />
    </div>
  );
}

/**
 * An editable copy of server data saved all at once (a checklist, an access grid): reset whenever
 * the data reloads, dirty once edited; `save` sends it, toasts, and refreshes the `invalidate` queries.
 */
export function useDraft<T>(
  data: T | undefined,
  initial: T,
  opts: { save: (draft: T) => Promise<unknown>; saved: string; invalidate: QueryKey },
) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(initial);
  const [dirty, setDirty] = useState(false);
  const saveAction = useAction((d: T) => opts.save(d), {
    success: { title: 'Saved', description: opts.saved },
    onDone: async () => {
      setDirty(false);
      await queryClient.invalidateQueries({ queryKey: opts.invalidate });
    },
  });
  const saving = saveAction.busy;

  useEffect(() => {
    if (data !== undefined) {
      setDraft(data);
      setDirty(false);
    }
  }, [data]);

  const edit = useCallback((change: (d: T) => T) => {
    setDraft(change);
    setDirty(true);
  }, []);

  const save = async () => {
    await saveAction.run(draft);
  };

  return { draft, edit, dirty, saving, save };
}
