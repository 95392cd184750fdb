import { defineModule } from '../../lib/module';
import { jobRoutes } from './routes';

export const jobsModule = defineModule({
  name: 'jobs',
  routes: [jobRoutes],
});
