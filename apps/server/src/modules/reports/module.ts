import { defineModule } from '../../lib/module';
import { attendanceReportRoutes } from './attendance';
import { registerReports } from './define';
import { REPORTS } from './registry';
import { reportRoutes } from './routes';
import { runRegisterRoutes } from './run-register';

export const reportsModule = defineModule({
  name: 'reports',
  setup: () => registerReports(REPORTS),
  routes: [reportRoutes, attendanceReportRoutes, runRegisterRoutes],
});
