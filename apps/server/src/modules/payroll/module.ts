import { bonusLines, salaryAdvances, salaryArrears, salarySlips, statutoryArrearLines } from '../../db/schema';
import { defineModule } from '../../lib/module';
import { registerApprovalKind } from '../approvals/service';
import { registerEmployeeUsage, tableUsage } from '../employees/usage';
import { onParameterRowsAdded } from '../statutory/parameter-listeners';
import { advanceApproval } from './advance-routes';
import { bonusApproval } from './bonus-routes';
import { emailPayslipsJob } from './email';
import { registerHeadRules } from './head-rules';
import { registerLopSettlement } from './lop';
import { payrollRoutes } from './routes';
import { processRunJob } from './run-process';
import { runWarningRoutes } from './run-warning-routes';
import { salaryRunApproval } from './runs';
import { raiseOnPfRows, statutoryArrearsApproval } from './statutory-arrears';
import { statutoryArrearsActionRoutes, statutoryArrearsRoutes } from './statutory-arrears-routes';

export const payrollModule = defineModule({
  name: 'payroll',
  setup() {
    registerHeadRules();
    registerLopSettlement();
    onParameterRowsAdded('payroll.statutoryArrears', raiseOnPfRows);
    for (const kind of [salaryRunApproval, advanceApproval, bonusApproval, statutoryArrearsApproval]) registerApprovalKind(kind);
    // An employee with pay records is kept (deactivated, never deleted).
    registerEmployeeUsage(tableUsage('salary records', salarySlips, salarySlips.employeeId));
    registerEmployeeUsage(tableUsage('salary advances', salaryAdvances, salaryAdvances.employeeId));
    registerEmployeeUsage(tableUsage('salary arrears', salaryArrears, salaryArrears.employeeId));
    registerEmployeeUsage(tableUsage('bonus lines', bonusLines, bonusLines.employeeId));
    registerEmployeeUsage(tableUsage('statutory arrears', statutoryArrearLines, statutoryArrearLines.employeeId));
  },
  routes: [payrollRoutes, statutoryArrearsRoutes, statutoryArrearsActionRoutes, runWarningRoutes],
  jobs: [processRunJob, emailPayslipsJob],
});
