import { defineModule } from '../../lib/module';
import { accessRoutes } from './routes';

export const accessModule = defineModule({
  name: 'access',
  routes: [accessRoutes],
});
