import { defineModule } from '../../lib/module';
import { punchPhotoRoutes } from './photo-routes';
import { deviceRoutes } from './routes';

export const devicesModule = defineModule({
  name: 'devices',
  routes: [deviceRoutes, punchPhotoRoutes],
});
