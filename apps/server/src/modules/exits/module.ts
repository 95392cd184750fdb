import { exitSettlements, separations } from '../../db/schema';
import { defineModule } from '../../lib/module';
import { registerApprovalKind } from '../approvals/service';
import { registerEmployeeUsage, tableUsage } from '../employees/usage';
import { employeeExitRoutes } from './employee-exit-routes';
import { applySeparationsJob } from './jobs';
import { separationRoutes } from './separation-routes';
import { separationApproval } from './separations';
import { adjustmentRoutes, settlementRoutes } from './settlement-routes';
import { settlementApproval } from './settlements';

export const exitsModule = defineModule({
  name: 'exits',
  setup() {
    registerApprovalKind(separationApproval);
    registerApprovalKind(settlementApproval);
    registerEmployeeUsage(tableUsage('separations', separations, separations.employeeId));
    registerEmployeeUsage(tableUsage('full and final settlements', exitSettlements, exitSettlements.employeeId));
  },
  routes: [separationRoutes, settlementRoutes, adjustmentRoutes, employeeExitRoutes],
  jobs: [applySeparationsJob],
  // Hourly: a last working day that has passed ends the employee's sign-in within the hour (and at once by date).
  schedules: [{ job: applySeparationsJob, everyMs: 3_600_000 }],
});
