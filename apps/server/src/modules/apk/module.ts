import { defineModule } from '../../lib/module';
import { manifestRoutes } from './manifest-routes';
import { apkRoutes } from './routes';
import { registerApkVersionRules } from './versions';

export const apkModule = defineModule({
  name: 'apk',
  setup() {
    registerApkVersionRules();
  },
  routes: [apkRoutes, manifestRoutes],
});
