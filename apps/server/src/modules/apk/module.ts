import { defineModule } from '../../lib/module';
import { manifestRoutes } from './manifest';
import { apkRoutes } from './routes';

export const apkModule = defineModule({
  name: 'apk',
  routes: [apkRoutes, manifestRoutes],
});
