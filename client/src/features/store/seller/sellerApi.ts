import {
  type MerchantApplicationRequest,
  merchantRoutes,
  type ProductInput,
  type RefundRefusalReason,
  type SellerReviewFilter,
  sellerRoutes,
} from '@bourse/shared';
import { callApi, request } from '../../../lib/http/client.ts';

export const fetchMerchantStatus = (signal?: AbortSignal) =>
  callApi(merchantRoutes.status, { signal, silent: true });

/** The application's fields as multipart with the licence image beside them. */
export function submitApplication(fields: MerchantApplicationRequest, licence: File) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('licence', licence);
  const { method, path, response } = merchantRoutes.apply;
  // Multipart, not the JSON body callApi types: the contract's body describes its fields.
  return request(method, path, response, { body: form, silent: true });
}

export const fetchSellerShop = (signal?: AbortSignal) => callApi(sellerRoutes.shop, { signal, silent: true });

export const fetchSellerProducts = (signal?: AbortSignal) =>
  callApi(sellerRoutes.products, { params: { page: 1, pageSize: 100 }, signal, silent: true });

export const fetchSellerProduct = (id: number, signal?: AbortSignal) =>
  callApi(sellerRoutes.product, { params: { id }, signal, silent: true });

/** The form's product as the contract takes it before its transform: texts by language, specs with prices as typed. */
export type ProductBody = Omit<ProductInput, 'name' | 'description'> & {
  name: Partial<ProductInput['name']>;
  description: Partial<ProductInput['description']>;
};

export const createProduct = (body: ProductBody) =>
  callApi(sellerRoutes.createProduct, { body: body as ProductInput, silent: true });

export const editProduct = (id: number, body: ProductBody) =>
  callApi(sellerRoutes.editProduct, { body: { ...(body as ProductInput), id }, silent: true });

/** A picture of the product form: one already uploaded (by its id), or a file chosen since. */
export type ProductPicture = { kind: 'kept'; id: string; url: string } | { kind: 'new'; file: File };

/** The product's pictures as the form orders them: the kept ones by id, the new files as "+n", sent beside. */
export function setProductPictures(id: number, pictures: readonly ProductPicture[]) {
  const form = new FormData();
  const files: File[] = [];
  const order = pictures.map((p) => {
    if (p.kind === 'kept') return p.id;
    files.push(p.file);
    return `+${files.length - 1}`;
  });
  form.append('id', String(id));
  form.append('order', order.join(','));
  for (const file of files) form.append('pictures', file);
  const { method, path, response } = sellerRoutes.setPictures;
  // Multipart, not the JSON body callApi types: the contract's body describes its fields.
  return request(method, path, response, { body: form, silent: true });
}

export const delistProduct = (id: number) =>
  callApi(sellerRoutes.delistProduct, { body: { id }, silent: true });

export const relistProduct = (id: number) =>
  callApi(sellerRoutes.relistProduct, { body: { id }, silent: true });

export const fetchOrdersToShip = (signal?: AbortSignal) =>
  callApi(sellerRoutes.orders, { params: { page: 1, pageSize: 50 }, signal, silent: true });

export const shipOrder = (orderId: string) => callApi(sellerRoutes.ship, { body: { orderId }, silent: true });

export const fetchShopRefunds = (state: 'requested' | 'returning', signal?: AbortSignal) =>
  callApi(sellerRoutes.refunds, { params: { state, page: 1, pageSize: 50 }, signal, silent: true });

export const approveShopRefund = (id: string) =>
  callApi(sellerRoutes.approveRefund, { body: { id }, silent: true });

export const refuseShopRefund = (id: string, reason: RefundRefusalReason) =>
  callApi(sellerRoutes.refuseRefund, { body: { id, reason }, silent: true });

export const confirmShopReturn = (id: string) =>
  callApi(sellerRoutes.confirmReturn, { body: { id }, silent: true });

export const fetchShopReviews = (filter: SellerReviewFilter, signal?: AbortSignal) =>
  callApi(sellerRoutes.reviews, { params: { filter, page: 1, pageSize: 50 }, signal, silent: true });

export const replyToReview = (id: string, content: string) =>
  callApi(sellerRoutes.reply, { body: { id, content }, silent: true });

export const fetchShopStats = (signal?: AbortSignal) => callApi(sellerRoutes.stats, { signal, silent: true });
