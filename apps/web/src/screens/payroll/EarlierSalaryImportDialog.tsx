import type { TEarlierSalaryImported } from '@hr/contract';
import { SheetImportDialog } from '@/components/common/SheetImportDialog';
import { withQuery } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { downloadFile } from '@/lib/files';
import { formatCount } from '@/lib/format';

/**
 * Earlier salary of a financial year from Excel (POST /api/tax/earlier-salary/import): the unit's template lists its
 * staff; fill a row per employee and period (or a year-to-date total with its months) and the previous employer's
 * Form 12B figures. Every row is checked first and nothing is saved if any row has an error.
 */
export function EarlierSalaryImportDialog({
  open,
  financialYear,
  onOpenChange,
  onImported,
}: {
  open: boolean;
  financialYear: string;
  onOpenChange: (v: boolean) => void;
  onImported: (r: TEarlierSalaryImported) => void;
}) {
  return (
    <SheetImportDialog<TEarlierSalaryImported>
      name="earlier"
      open={open}
      onOpenChange={onOpenChange}
      onImported={onImported}
      title={`Import earlier salary of ${financialYear}`}
      description={
        <>
          For employees paid outside this system earlier in the year. Download the unit’s template, fill a row per employee: the months it
          covers (From and To, YYYY-MM; one month, or a year-to-date total), gross salary, exempt allowances by section, PF, professional
          tax and TDS deducted, and a previous employer’s salary, PF, PT and tax (Form 12B; a row without months carries only these). Rows
          left blank are skipped. An employee in the file has the year’s earlier rows replaced. If any row has an error, nothing is saved.
        </>
      }
      downloadTemplate={(unitId) =>
        downloadFile(apiPath('/api/tax/earlier-salary/template'), `Earlier_Salary_${financialYear}.xlsx`, { unitId, financialYear })
      }
      uploadUrl={withQuery(apiPath('/api/tax/earlier-salary/import'), { financialYear })}
      saved={(r, fileName) => ({
        title: `${formatCount(r.saved)} row${r.saved === 1 ? '' : 's'} saved for ${formatCount(r.employees)} employee${r.employees === 1 ? '' : 's'}`,
        description: `All rows of ${fileName} passed the checks and were saved together. The next salary run projects their tax on the whole year.`,
      })}
    />
  );
}
