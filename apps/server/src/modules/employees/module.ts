import { defineModule } from '../../lib/module';
import { employeeRoutes } from './routes';

export const employeesModule = defineModule({
  name: 'employees',
  routes: [employeeRoutes],
});
