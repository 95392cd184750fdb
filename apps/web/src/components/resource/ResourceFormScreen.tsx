import { MASTER_BASE, type TResource } from '@hr/contract';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useBlocker, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useEncryptedId } from '@/lib/useEncryptedParam';
import { useResourceRow } from './api';
import { ResourceForm } from './ResourceForm';

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

/** A modify route (holidays/{holidayId}, units/{id}, leave/{leaveId}, userMaster/{id}): the form of one record. */
export function ResourceFormScreen({ resource: r }: { resource: TResource }) {
  const param = r.modify?.param ?? 'id';
  const id = useEncryptedId(param);
  const navigate = useNavigate();
  const row = useResourceRow(r, id);
  const [dirty, setDirty] = useState(false);
  const listPath = `${MASTER_BASE}/${r.path}`;
  if (id === null) return null;
  const isNew = id === 0;

  return (
    <div className="mx-auto max-w-4xl space-y-4" data-testid={`resource-form-${r.name}`}>
      <Button variant="ghost" size="sm" asChild>
        <Link to={listPath}>
          <ArrowLeft /> {r.title}
        </Link>
      </Button>
      <Card>
        <CardHeader>
          <CardTitle data-testid="screen-title">{isNew ? `Add ${r.singular}` : `Modify ${r.singular}`}</CardTitle>
          <CardDescription>Fields marked * are required.</CardDescription>
        </CardHeader>
        <CardContent>
          {!isNew && row.isLoading ? (
            <div className="space-y-3">
              <Skeleton className="h-9" />
              <Skeleton className="h-9" />
              <Skeleton className="h-9" />
            </div>
          ) : !isNew && !row.data ? (
            <p className="text-sm text-muted-foreground" data-testid="record-missing">
              This record could not be loaded.
            </p>
          ) : (
            <ResourceForm
              key={row.data?.id ?? 'new'}
              resource={r}
              row={isNew ? null : row.data}
              onDirtyChange={setDirty}
              onSaved={() => {
                setDirty(false);
                // Let the blocker see the clean state before leaving.
                setTimeout(() => navigate(listPath), 0);
              }}
              onCancel={() => navigate(listPath)}
            />
          )}
        </CardContent>
      </Card>
      <UnsavedChangesPrompt when={dirty} />
    </div>
  );
}

export default ResourceFormScreen;
