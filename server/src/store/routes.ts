import { complaintRoutes, storeRoutes as contracts, logisticsRoutes } from '@bourse/shared';
import { route } from '../http/mountRoute.ts';
import { categoriesHandler } from './categories.handler.ts';
import { adminComplaintsHandler } from './complaints/adminList.handler.ts';
import { myComplaintsHandler } from './complaints/mine.handler.ts';
import { submitComplaintHandler } from './complaints/submit.handler.ts';
import { followHandler } from './follow.handler.ts';
import { followsHandler } from './follows.handler.ts';
import { homeHandler } from './home.handler.ts';
import { shipmentHandler } from './logistics/shipment.handler.ts';
import { productHandler } from './product.handler.ts';
import { productsHandler } from './products.handler.ts';
import { searchHandler } from './search.handler.ts';
import { shopHandler } from './shop.handler.ts';
import { unfollowHandler } from './unfollow.handler.ts';

/** /api/store: the storefront's catalogue (open to all), shop follows, logistics and complaints (signed in; their back-office list for admins). */
export const storeRoutes = [
  route(contracts.categories, categoriesHandler),
  route(contracts.home, homeHandler),
  route(contracts.products, productsHandler),
  route(contracts.product, productHandler),
  route(contracts.shop, shopHandler),
  route(contracts.search, searchHandler),
  route(contracts.follows, followsHandler),
  route(contracts.follow, followHandler),
  route(contracts.unfollow, unfollowHandler),
  route(logisticsRoutes.shipment, shipmentHandler),
  route(complaintRoutes.submit, submitComplaintHandler),
  route(complaintRoutes.mine, myComplaintsHandler),
  route(complaintRoutes.adminList, adminComplaintsHandler),
];
