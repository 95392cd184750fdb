import { defineModule } from '../../lib/module';
import { attendanceRegisterRoutes, shiftCompareRoutes } from './attendance/routes';
import { registerReports } from './define';
import { reportExportJob } from './job';
import { REPORTS } from './registry';
import { reportRoutes } from './routes';
import { runRegisterRoutes } from './run-register';

export const reportsModule = defineModule({
  name: 'reports',
  setup: () => registerReports(REPORTS),
  routes: [reportRoutes, attendanceRegisterRoutes, shiftCompareRoutes, runRegisterRoutes],
  jobs: [reportExportJob],
});
