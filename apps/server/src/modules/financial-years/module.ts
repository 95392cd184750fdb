import { defineModule } from '../../lib/module';
import { financialYearRoutes } from './routes';

export const financialYearsModule = defineModule({
  name: 'financial-years',
  routes: [financialYearRoutes],
});
