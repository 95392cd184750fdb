import { defineModule } from '../../lib/module';
import { paymentFileRoutes, paymentStatusRoutes } from './routes';
import { settlementPaymentRoutes } from './settlement-routes';
import { paymentAccountRoutes, paymentLayoutRoutes } from './setup-routes';

/** Paying a final salary run: bank files in banks' layouts, the advice letter, the payment status of each slip. */
export const paymentsModule = defineModule({
  name: 'payments',
  routes: [paymentLayoutRoutes, paymentAccountRoutes, paymentFileRoutes, paymentStatusRoutes, settlementPaymentRoutes],
});
