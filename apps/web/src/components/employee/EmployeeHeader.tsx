import type { TEmployee } from '@hr/contract';
import { formatDate } from '@/lib/format';
import { EmployeePhoto } from './EmployeePhoto';
import { StatusBadge } from './StatusBadge';

/**
 * The head of an employee's page (the employee record and My profile): photo, name, status, and the
 * code · designation · department · unit line with the joining date and the reporting manager.
 * Without a record yet (a new employee) it shows a photo placeholder and `newHint`.
 */
export function EmployeeHeader({
  employee: e,
  canChangePhoto,
  onPhotoChanged,
  titleTestId,
  newHint,
}: {
  employee: TEmployee | undefined;
  canChangePhoto: boolean;
  onPhotoChanged: () => void;
  titleTestId: string;
  newHint?: string;
}) {
  return (
    <div className="flex flex-col gap-5 rounded-xl border bg-card p-5 sm:flex-row sm:items-center">
      {e ? (
        <EmployeePhoto
          employeeId={e.id}
          name={e.name}
          hasPhoto={e.hasPhoto}
          version={e.updatedAt}
          canChange={canChangePhoto}
          onChanged={onPhotoChanged}
        />
      ) : (
        <div className="flex size-24 items-center justify-center rounded-xl border-2 border-dashed text-sm text-muted-foreground">
          Photo
        </div>
      )}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-semibold tracking-tight" data-testid={titleTestId}>
            {e?.name ?? 'New employee'}
          </h1>
          {e && <StatusBadge status={e.status} />}
        </div>
        {e ? (
          <>
            <p className="text-sm text-muted-foreground">
              <span className="font-mono">{e.employeeCode}</span> · {e.designationName} · {e.departmentName} · {e.unitName}
            </p>
            <p className="text-sm text-muted-foreground">
              Joined {formatDate(e.dateOfJoining)}
              {e.reportingManagerName ? ` · reports to ${e.reportingManagerName}` : ''}
            </p>
          </>
        ) : (
          newHint && <p className="text-sm text-muted-foreground">{newHint}</p>
        )}
      </div>
    </div>
  );
}
