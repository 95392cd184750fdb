import { defineModule } from '../../lib/module';
import { attendanceReportRoutes } from './attendance';
import { reportRoutes } from './routes';
import { runRegisterRoutes } from './run-register';

export const reportsModule = defineModule({
  name: 'reports',
  routes: [reportRoutes, attendanceReportRoutes, runRegisterRoutes],
});
