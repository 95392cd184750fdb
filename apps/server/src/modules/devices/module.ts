import { defineModule } from '../../lib/module';
import { deviceRoutes } from './routes';

export const devicesModule = defineModule({
  name: 'devices',
  routes: [deviceRoutes],
});
