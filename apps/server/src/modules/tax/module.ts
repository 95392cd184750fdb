import { defineModule } from '../../lib/module';
import { taxDeclarationRoutes } from './routes';

export const taxModule = defineModule({
  name: 'tax',
  routes: [taxDeclarationRoutes],
});
