import { defineModule } from '../../lib/module';
import { attendanceApiRoutes } from './routes';

export const attendanceModule = defineModule({
  name: 'attendance',
  routes: [attendanceApiRoutes],
});
