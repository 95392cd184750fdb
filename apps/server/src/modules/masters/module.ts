import { defineModule } from '../../lib/module';
import { mastersRoutes } from './routes';

export const mastersModule = defineModule({
  name: 'masters',
  routes: [mastersRoutes],
});
