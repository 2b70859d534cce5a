import {
  complaintRoutes,
  storeRoutes as contracts,
  fundRecordRoutes,
  logisticsRoutes,
  merchantRoutes,
  refundRoutes,
  reviewRoutes,
  sellerRoutes,
  shoppingRoutes as shopping,
  topUpRoutes,
  withdrawalRoutes,
} from '@bourse/shared';
import { route } from '../http/mountRoute.ts';
import {
  addAddressHandler,
  addressesHandler,
  defaultAddressHandler,
  deleteAddressHandler,
  editAddressHandler,
} from './addresses.handlers.ts';
import {
  addToCartHandler,
  cartHandler,
  mergeCartHandler,
  removeFromCartHandler,
  updateCartHandler,
} from './cart.handlers.ts';
import { categoriesHandler } from './categories.handler.ts';
import { checkoutHandler, payHandler, quoteHandler, walletHandler } from './checkout.handlers.ts';
import { adminComplaintsHandler } from './complaints/adminList.handler.ts';
import { myComplaintsHandler } from './complaints/mine.handler.ts';
import { replyComplaintHandler } from './complaints/reply.handler.ts';
import { submitComplaintHandler } from './complaints/submit.handler.ts';
import { followHandler } from './follow.handler.ts';
import { followsHandler } from './follows.handler.ts';
import { fundRecordsHandler } from './fundRecords.handler.ts';
import { homeHandler } from './home.handler.ts';
import { shipmentHandler } from './logistics/shipment.handler.ts';
import {
  adminMerchantsHandler,
  applyHandler,
  approveMerchantHandler,
  merchantStatusHandler,
  refuseMerchantHandler,
} from './merchants/merchant.handlers.ts';
import { cancelOrderHandler, confirmReceiptHandler, orderHandler, ordersHandler } from './orders.handlers.ts';
import { productHandler } from './product.handler.ts';
import { productsHandler } from './products.handler.ts';
import {
  adminRefundsHandler,
  approveEscalationHandler,
  approveRefundHandler,
  confirmReturnHandler,
  escalatedRefundsHandler,
  refuseRefundHandler,
  upholdRefusalHandler,
} from './refunds/admin.handlers.ts';
import {
  createRefundHandler,
  escalateRefundHandler,
  myRefundsHandler,
  refundHandler,
  refundTermsHandler,
  shipReturnHandler,
} from './refunds/shopper.handlers.ts';
import { myReviewsHandler } from './reviews/mine.handler.ts';
import { productReviewsHandler } from './reviews/product.handler.ts';
import { writeReviewHandler } from './reviews/write.handler.ts';
import { searchHandler } from './search.handler.ts';
import * as seller from './seller/seller.handlers.ts';
import { shopHandler } from './shop.handler.ts';
import { adminTopUpsHandler, passTopUpHandler, refuseTopUpHandler } from './topUps/admin.handlers.ts';
import { createTopUpHandler } from './topUps/create.handler.ts';
import { myTopUpsHandler } from './topUps/mine.handler.ts';
import { depositNetworksHandler } from './topUps/networks.handler.ts';
import { unfollowHandler } from './unfollow.handler.ts';
import {
  adminWithdrawalsHandler,
  passWithdrawalHandler,
  refuseWithdrawalHandler,
} from './withdrawals/admin.handlers.ts';
import { createWithdrawalHandler } from './withdrawals/create.handler.ts';
import { myWithdrawalsHandler } from './withdrawals/mine.handler.ts';
import { withdrawalTermsHandler } from './withdrawals/terms.handler.ts';

/** /api/store: the storefront's catalogue (open to all); follows, addresses, cart, checkout, orders, logistics, complaints, reviews, top-ups, withdrawals and the fund record (signed in, a product's reviews open to all; the complaints' list and the top-up and withdrawal audits for admins). */
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
  route(shopping.wallet, walletHandler),
  route(shopping.addresses, addressesHandler),
  route(shopping.addAddress, addAddressHandler),
  route(shopping.editAddress, editAddressHandler),
  route(shopping.deleteAddress, deleteAddressHandler),
  route(shopping.defaultAddress, defaultAddressHandler),
  route(shopping.cart, cartHandler),
  route(shopping.addToCart, addToCartHandler),
  route(shopping.updateCart, updateCartHandler),
  route(shopping.removeFromCart, removeFromCartHandler),
  route(shopping.mergeCart, mergeCartHandler),
  route(shopping.quote, quoteHandler),
  route(shopping.checkout, checkoutHandler),
  route(shopping.pay, payHandler, { urgent: true }),
  route(shopping.orders, ordersHandler),
  route(shopping.order, orderHandler),
  route(shopping.cancelOrder, cancelOrderHandler),
  route(shopping.confirmReceipt, confirmReceiptHandler),
  route(logisticsRoutes.shipment, shipmentHandler),
  route(complaintRoutes.submit, submitComplaintHandler),
  route(complaintRoutes.mine, myComplaintsHandler),
  route(complaintRoutes.adminList, adminComplaintsHandler),
  route(complaintRoutes.adminReply, replyComplaintHandler),
  route(reviewRoutes.write, writeReviewHandler),
  route(reviewRoutes.product, productReviewsHandler),
  route(reviewRoutes.mine, myReviewsHandler),
  route(fundRecordRoutes.list, fundRecordsHandler),
  route(topUpRoutes.networks, depositNetworksHandler),
  route(topUpRoutes.create, createTopUpHandler),
  route(topUpRoutes.mine, myTopUpsHandler),
  route(topUpRoutes.adminList, adminTopUpsHandler),
  route(topUpRoutes.adminPass, passTopUpHandler),
  route(topUpRoutes.adminRefuse, refuseTopUpHandler),
  route(withdrawalRoutes.terms, withdrawalTermsHandler),
  route(withdrawalRoutes.create, createWithdrawalHandler),
  route(withdrawalRoutes.mine, myWithdrawalsHandler),
  route(withdrawalRoutes.adminList, adminWithdrawalsHandler),
  route(withdrawalRoutes.adminPass, passWithdrawalHandler),
  route(withdrawalRoutes.adminRefuse, refuseWithdrawalHandler),
  route(refundRoutes.terms, refundTermsHandler),
  route(refundRoutes.create, createRefundHandler),
  route(refundRoutes.mine, myRefundsHandler),
  route(refundRoutes.one, refundHandler),
  route(refundRoutes.shipReturn, shipReturnHandler),
  route(refundRoutes.adminList, adminRefundsHandler),
  route(refundRoutes.adminApprove, approveRefundHandler),
  route(refundRoutes.adminRefuse, refuseRefundHandler),
  route(refundRoutes.adminConfirmReturn, confirmReturnHandler),
  route(refundRoutes.escalate, escalateRefundHandler),
  route(refundRoutes.adminEscalated, escalatedRefundsHandler),
  route(refundRoutes.adminApproveEscalation, approveEscalationHandler),
  route(refundRoutes.adminUpholdRefusal, upholdRefusalHandler),
  route(merchantRoutes.apply, applyHandler),
  route(merchantRoutes.status, merchantStatusHandler),
  route(merchantRoutes.adminList, adminMerchantsHandler),
  route(merchantRoutes.adminApprove, approveMerchantHandler),
  route(merchantRoutes.adminRefuse, refuseMerchantHandler),
  route(sellerRoutes.shop, seller.sellerShopHandler),
  route(sellerRoutes.products, seller.sellerProductsHandler),
  route(sellerRoutes.product, seller.sellerProductHandler),
  route(sellerRoutes.createProduct, seller.createProductHandler),
  route(sellerRoutes.editProduct, seller.editProductHandler),
  route(sellerRoutes.setPictures, seller.setPicturesHandler),
  route(sellerRoutes.delistProduct, seller.delistProductHandler),
  route(sellerRoutes.relistProduct, seller.relistProductHandler),
  route(sellerRoutes.orders, seller.sellerOrdersHandler),
  route(sellerRoutes.ship, seller.shipOrderHandler),
  route(sellerRoutes.refunds, seller.sellerRefundsHandler),
  route(sellerRoutes.approveRefund, seller.approveRefundHandler),
  route(sellerRoutes.refuseRefund, seller.refuseRefundHandler),
  route(sellerRoutes.confirmReturn, seller.confirmReturnHandler),
  route(sellerRoutes.reviews, seller.sellerReviewsHandler),
  route(sellerRoutes.reply, seller.replyHandler),
  route(sellerRoutes.stats, seller.sellerStatsHandler),
];
