import { MASTER_BASE, type TResource } from '@hr/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { useEncryptedId } from '@/lib/useEncryptedParam';
import { useResourceRow } from './api';
import { EditScreen } from './EditScreen';
import { ResourceForm } from './ResourceForm';
import { UnitSetupChecklist } from './UnitSetupChecklist';

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
    <EditScreen
      testId={`resource-form-${r.name}`}
      className="max-w-4xl"
      back={{ to: listPath, label: r.title }}
      title={isNew ? `Add ${r.singular}` : `Modify ${r.singular}`}
      description="Fields marked * are required."
      dirty={dirty}
    >
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
      {r.name === 'unit' && !isNew && <UnitSetupChecklist unitId={id} />}
    </EditScreen>
  );
}

export default ResourceFormScreen;
