import { defineModule } from '../../lib/module';
import { earlierSalaryRoutes } from './earlier-salary-routes';
import { taxDeclarationRoutes } from './routes';

export const taxModule = defineModule({
  name: 'tax',
  routes: [taxDeclarationRoutes, earlierSalaryRoutes],
});
