import { defineModule } from '../../lib/module';
import { registerApprovalKind } from '../approvals/service';
import { registerHolidayRules } from './holiday-rules';
import { regularisationApproval } from './regularisation';
import { attendanceApiRoutes } from './routes';
import { registerShiftRules } from './shift-rules';

export const attendanceModule = defineModule({
  name: 'attendance',
  setup() {
    registerHolidayRules();
    registerShiftRules();
    registerApprovalKind(regularisationApproval);
  },
  routes: [attendanceApiRoutes],
});
