import { defineModule } from '../../lib/module';
import { registerHolidayRules } from './holiday-rules';
import { attendanceApiRoutes } from './routes';
import { registerShiftRules } from './shift-rules';

export const attendanceModule = defineModule({
  name: 'attendance',
  setup() {
    registerHolidayRules();
    registerShiftRules();
  },
  routes: [attendanceApiRoutes],
});
