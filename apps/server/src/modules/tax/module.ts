import { defineModule } from '../../lib/module';
import { earlierSalaryRoutes } from './earlier-salary-routes';
import { taxProofRoutes } from './proof-routes';
import { taxDeclarationRoutes, taxProofWindowRoutes } from './routes';

export const taxModule = defineModule({
  name: 'tax',
  routes: [taxDeclarationRoutes, taxProofWindowRoutes, taxProofRoutes, earlierSalaryRoutes],
});
