import { defineModule } from '../../lib/module';
import { apkRoutes } from './routes';

export const apkModule = defineModule({
  name: 'apk',
  routes: [apkRoutes],
});
