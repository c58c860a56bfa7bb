import { activityRouter } from '../activity/activity.router';
import { adminRouter } from '../admin/admin.router';
import { authRouter } from '../auth/auth.router';
import { cartsRouter } from '../carts/carts.router';
import { billingRouter } from '../billing/billing.router';
import { commissionRouter } from '../commission/commission.router';
import { followsRouter } from '../follows/follows.router';
import { catalogRouter } from '../catalog/catalog.router';
import { categoriesRouter } from '../categories/categories.router';
import { couponsRouter } from '../coupons/coupons.router';
import { ordersRouter } from '../orders/orders.router';
import { pagesRouter } from '../pages/pages.router';
import { shopOrdersRouter } from '../orders/shop-orders.router';
import { productsRouter } from '../products/products.router';
import { reportsRouter } from '../reports/reports.router';
import { reviewsRouter } from '../reviews/reviews.router';
import { savedRouter } from '../saved/saved.router';
import { backInStockRouter } from '../back-in-stock/back-in-stock.router';
import { settingsRouter } from '../settings/settings.router';
import { shopsRouter } from '../shops/shops.router';
import { slidersRouter } from '../sliders/sliders.router';
import { staffRouter } from '../staff/staff.router';
import { orderUpdatesRouter } from '../users/order-updates.router';
import { cartRemindersRouter } from '../carts/cart-reminders.router';
import { usersRouter } from '../users/users.router';
import { router } from './init';

export const appRouter = router({
  auth: authRouter,
  users: usersRouter,
  orderUpdates: orderUpdatesRouter,
  cartReminders: cartRemindersRouter,
  backInStock: backInStockRouter,
  shops: shopsRouter,
  products: productsRouter,
  categories: categoriesRouter,
  shopOrders: shopOrdersRouter,
  coupons: couponsRouter,
  staff: staffRouter,
  catalog: catalogRouter,
  reviews: reviewsRouter,
  orders: ordersRouter,
  sliders: slidersRouter,
  admin: adminRouter,
  activity: activityRouter,
  reports: reportsRouter,
  settings: settingsRouter,
  pages: pagesRouter,
  saved: savedRouter,
  cart: cartsRouter,
  billing: billingRouter,
  commission: commissionRouter,
  follows: followsRouter,
});

export type AppRouter = typeof appRouter;
