import { defineModule } from '../../lib/module';
import { registerApprovalKind } from '../approvals/service';
import { employeeDocumentRoutes, employeePhotoRoutes } from './file-routes';
import { idCardJob } from './id-card-job';
import { idCardRoutes } from './id-card-routes';
import { employeeImportJob } from './import-job';
import { employeeImportRoutes } from './import-routes';
import { profileChangeApproval } from './profile';
import { employeeProfileRoutes } from './profile-routes';
import { employeeRecordRoutes } from './record-routes';
import { employeeRoutes } from './routes';
import { registerEmployeeUsage, reportingManagerUsage } from './usage';

export const employeesModule = defineModule({
  name: 'employees',
  setup() {
    registerApprovalKind(profileChangeApproval);
    registerEmployeeUsage(reportingManagerUsage);
  },
  routes: [
    employeeRoutes,
    employeeRecordRoutes,
    employeePhotoRoutes,
    employeeDocumentRoutes,
    employeeProfileRoutes,
    employeeImportRoutes,
    idCardRoutes,
  ],
  jobs: [employeeImportJob, idCardJob],
});
