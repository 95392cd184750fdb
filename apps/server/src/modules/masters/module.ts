import { defineModule } from '../../lib/module';
import { mastersRoutes } from './routes';
import { unitSetupRoutes } from './unit-setup-routes';

export const mastersModule = defineModule({
  name: 'masters',
  routes: [mastersRoutes, unitSetupRoutes],
});
