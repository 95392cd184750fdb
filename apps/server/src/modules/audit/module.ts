import { defineModule } from '../../lib/module';
import { auditRoutes } from './routes';

export const auditModule = defineModule({
  name: 'audit',
  routes: [auditRoutes],
});
