import { defineModule } from '../../lib/module';
import { registerApprovalKind } from '../approvals/service';
import { profileChangeApproval } from './profile';
import { employeeRoutes } from './routes';
import { registerEmployeeUsage, reportingManagerUsage } from './usage';

export const employeesModule = defineModule({
  name: 'employees',
  setup() {
    registerApprovalKind(profileChangeApproval);
    registerEmployeeUsage(reportingManagerUsage);
  },
  routes: [employeeRoutes],
});
