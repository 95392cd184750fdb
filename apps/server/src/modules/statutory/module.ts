import { defineModule } from '../../lib/module';
import { statutoryAdminRoutes } from './admin-routes';
import { statutoryRoutes } from './routes';

export const statutoryModule = defineModule({
  name: 'statutory',
  routes: [statutoryRoutes, statutoryAdminRoutes],
});
