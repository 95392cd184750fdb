import { defineModule } from '../../lib/module';
import { registerHeadRules } from './head-rules';
import { payrollRoutes } from './routes';

export const payrollModule = defineModule({
  name: 'payroll',
  setup: registerHeadRules,
  routes: [payrollRoutes],
});
