import { defineModule } from '../../lib/module';
import { statutoryRoutes } from './routes';

export const statutoryModule = defineModule({
  name: 'statutory',
  routes: [statutoryRoutes],
});
