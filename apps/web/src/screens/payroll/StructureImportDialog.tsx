import { SheetImportDialog } from '@/components/common/SheetImportDialog';
import { apiPath } from '@/lib/api-path';
import { downloadFile } from '@/lib/files';
import { formatCount } from '@/lib/format';
import { arrearsSentence, type TIncrementResult } from './IncrementDialog';

type TImported = TIncrementResult & { saved: number };

/**
 * Salary structures of many employees from Excel (POST /api/payroll/structures/import): the unit's template with
 * everyone's current amounts, filled with an effective month on the rows that change; all rows or none, and the
 * errors listed per row as the employee import lists them.
 */
export function StructureImportDialog({
  open,
  onOpenChange,
  onImported,
}: {
  open: boolean;
  onOpenChange: (v: boolean) => void;
  onImported: (r: TImported) => void;
}) {
  return (
    <SheetImportDialog<TImported>
      name="structure"
      open={open}
      onOpenChange={onOpenChange}
      onImported={onImported}
      title="Import salary structures"
      description={
        <>
          Download the unit’s template: it lists every employee with today’s amounts, one column per input head. Change the amounts and
          write the effective month (YYYY-MM) on each row that changes; rows without a month are left as they are. Every row is checked
          first: if any row has an error, nothing is saved. A month already approved is paid as arrears in the next run.
        </>
      }
      downloadTemplate={(unitId) => downloadFile(apiPath('/api/payroll/structures/template'), 'Salary_Structures.xlsx', { unitId })}
      uploadUrl={apiPath('/api/payroll/structures/import')}
      saved={(r, fileName) => ({
        title: `${formatCount(r.saved)} salary structures saved`,
        description: (
          <>
            All rows of {fileName} passed the checks and were saved together.
            {r.arrearsMonths.length > 0 && ` ${arrearsSentence(r.arrearsMonths)}`}
          </>
        ),
      })}
    />
  );
}
