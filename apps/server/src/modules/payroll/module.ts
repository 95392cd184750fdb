import { defineModule } from '../../lib/module';
import { payrollRoutes } from './routes';

export const payrollModule = defineModule({
  name: 'payroll',
  routes: [payrollRoutes],
});
