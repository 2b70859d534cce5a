import {
  DomainError,
  FAVOURABLE_SCORE,
  type Locale,
  type ProductReviews,
  type ReviewBody,
  type ReviewPage,
  type ReviewSummary,
  type ReviewView,
  type SellerReviewFilter,
} from '@bourse/shared';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { users } from '../../accounts/schema.ts';
import { notify } from '../../messages/notify.ts';
import type { MessagePublisher } from '../../messages/publisher.ts';
import type { Db } from '../../platform/database.ts';
import type { SniffedType } from '../../platform/fileType.ts';
import { stripImageMetadata } from '../../platform/imageMetadata.ts';
import { mainImageUrl } from '../catalogue.ts';
import { storeOrderLines, storeOrders } from '../orderSchema.ts';
import { storeProducts, storeShops } from '../schema.ts';
import { storeReviewPictures, storeReviews } from './schema.ts';

export const reviewPictureUrl = (id: string) => `/api/store/reviews/pictures/${id}`;

/** "alice9" → "a***9": enough to tell reviewers apart, not enough to find them. */
export function maskAccount(account: string): string {
  const chars = [...account];
  if (chars.length <= 2) return `${chars[0] ?? ''}***`;
  return `${chars[0]}***${chars.at(-1)}`;
}

export interface ReviewPicture {
  mimeType: SniffedType;
  buffer: Buffer;
}

/**
 * Reviews one line of one of the user's orders once it is received, with its pictures stripped
 * of their metadata, and recomputes the product's rating and the shop's favourable rate in the
 * same transaction. Someone else's order is not found (404); a line not yet received or already
 * reviewed is a 409; a picture that is not a well-formed image is refused; nothing is written
 * on any refusal.
 */
export async function writeReview(
  db: Db,
  userId: string,
  review: ReviewBody,
  pictures: readonly ReviewPicture[],
  locale: Locale,
): Promise<ReviewView> {
  const stripped = pictures.map((p) => {
    const content = stripImageMetadata(p.buffer, p.mimeType);
    if (!content) throw new DomainError('review.pictureBadType');
    return { mimeType: p.mimeType, content };
  });
  const id = await db.transaction(async (tx) => {
    // The order first: a second review of the same line waits here, then sees the first.
    const [order] = await tx
      .select({ id: storeOrders.id, shopId: storeOrders.shopId, fulfilment: storeOrders.fulfilment })
      .from(storeOrders)
      .where(and(eq(storeOrders.id, review.orderId), eq(storeOrders.userId, userId)))
      .for('update');
    const [line] = order
      ? await tx
          .select({ id: storeOrderLines.id, productId: storeOrderLines.productId })
          .from(storeOrderLines)
          .where(and(eq(storeOrderLines.id, review.lineId), eq(storeOrderLines.orderId, order.id)))
      : [];
    if (!order || !line) throw new DomainError('storeOrder.notFound');
    if (order.fulfilment !== 'received') throw new DomainError('review.notReceived');
    const [existing] = await tx
      .select({ id: storeReviews.id })
      .from(storeReviews)
      .where(eq(storeReviews.orderLineId, line.id));
    if (existing) throw new DomainError('review.alreadyReviewed');

    // Shop, then product, locked before the aggregates read them: two reviews of one shop at
    // once recompute one after the other, each seeing the other's row.
    await tx
      .select({ id: storeShops.id })
      .from(storeShops)
      .where(eq(storeShops.id, order.shopId))
      .for('update');
    await tx
      .select({ id: storeProducts.id })
      .from(storeProducts)
      .where(eq(storeProducts.id, line.productId))
      .for('update');
    const [row] = await tx
      .insert(storeReviews)
      .values({
        userId,
        orderId: order.id,
        orderLineId: line.id,
        productId: line.productId,
        shopId: order.shopId,
        content: review.content,
        productScore: review.productScore,
        serviceScore: review.serviceScore,
        postageScore: review.postageScore,
      })
      .returning({ id: storeReviews.id });
    if (!row) throw new Error('review insert returned no row');
    if (stripped.length > 0)
      await tx
        .insert(storeReviewPictures)
        .values(stripped.map((p, position) => ({ reviewId: row.id, position, ...p })));
    await recomputeRatings(tx, line.productId, order.shopId);
    return row.id;
  });
  const [view] = await reviewViews(db, [eq(storeReviews.id, id)], { limit: 1 }, locale);
  if (!view) throw new Error('review vanished after insert');
  return view;
}

/**
 * The product's rating is the average product score of its reviews; the shop's favourable rate
 * the share of its reviews at FAVOURABLE_SCORE or more. A product or shop without reviews keeps
 * the figure the catalogue was seeded with.
 */
async function recomputeRatings(tx: Db, productId: number, shopId: number): Promise<void> {
  await tx
    .update(storeProducts)
    .set({
      rating: sql`coalesce((select round(avg(${storeReviews.productScore}), 1) from ${storeReviews} where ${storeReviews.productId} = ${productId}), ${storeProducts.rating})`,
    })
    .where(eq(storeProducts.id, productId));
  await tx
    .update(storeShops)
    .set({
      favourableRate: sql`coalesce((select round(100.0 * count(*) filter (where ${storeReviews.productScore} >= ${FAVOURABLE_SCORE}) / count(*), 1) from ${storeReviews} where ${storeReviews.shopId} = ${shopId} having count(*) > 0), ${storeShops.favourableRate})`,
    })
    .where(eq(storeShops.id, shopId));
}

type Condition = SQL;

const newestFirst = [desc(storeReviews.seq)];

/**
 * Reviews matching `where`, newest first unless `order` says otherwise, with product names in
 * `locale`, picture URLs and the shop's reply.
 */
async function reviewViews(
  db: Db,
  where: (Condition | undefined)[],
  { limit, offset = 0, order = newestFirst }: { limit: number; offset?: number; order?: SQL[] },
  locale: Locale,
): Promise<(ReviewView & { seq: number })[]> {
  const rows = await db
    .select({
      id: storeReviews.id,
      seq: storeReviews.seq,
      productId: storeReviews.productId,
      mainPicture: storeProducts.mainPicture,
      productName: storeOrderLines.name,
      specLabel: storeOrderLines.specLabel,
      account: users.account,
      content: storeReviews.content,
      productScore: storeReviews.productScore,
      serviceScore: storeReviews.serviceScore,
      postageScore: storeReviews.postageScore,
      createdAt: storeReviews.createdAt,
      replyContent: storeReviews.replyContent,
      repliedAt: storeReviews.repliedAt,
    })
    .from(storeReviews)
    .innerJoin(storeOrderLines, eq(storeOrderLines.id, storeReviews.orderLineId))
    .innerJoin(storeProducts, eq(storeProducts.id, storeReviews.productId))
    .innerJoin(users, eq(users.id, storeReviews.userId))
    .where(and(...where))
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const pictures =
    rows.length === 0
      ? []
      : await db
          .select({ id: storeReviewPictures.id, reviewId: storeReviewPictures.reviewId })
          .from(storeReviewPictures)
          .where(
            inArray(
              storeReviewPictures.reviewId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(storeReviewPictures.position));
  return rows.map(
    ({ account, mainPicture, productName, specLabel, createdAt, replyContent, repliedAt, ...r }) => ({
      ...r,
      productName: productName[locale],
      specLabel: specLabel[locale],
      imageUrl: mainImageUrl(r.productId, mainPicture),
      reviewer: maskAccount(account),
      pictures: pictures.filter((p) => p.reviewId === r.id).map((p) => reviewPictureUrl(p.id)),
      createdAt: createdAt.toISOString(),
      reply:
        replyContent === null || repliedAt === null
          ? null
          : { content: replyContent, createdAt: repliedAt.toISOString() },
    }),
  );
}

function parseCursor(cursor: string | undefined): number | null {
  if (cursor === undefined) return null;
  const seq = Number(cursor);
  if (!Number.isSafeInteger(seq) || seq < 1) throw new DomainError('store.badCursor');
  return seq;
}

async function reviewPage(
  db: Db,
  where: Condition,
  query: { cursor?: string | undefined; limit: number },
  locale: Locale,
): Promise<ReviewPage> {
  const before = parseCursor(query.cursor);
  const rows = await reviewViews(
    db,
    [where, before === null ? undefined : lt(storeReviews.seq, before)],
    { limit: query.limit + 1 },
    locale,
  );
  const page = rows.slice(0, query.limit);
  return {
    items: page.map(({ seq: _seq, ...view }) => view),
    nextCursor: rows.length > query.limit ? String(page.at(-1)!.seq) : null,
  };
}

/** How many reviews gave each score, and their average; computed from the reviews themselves. */
async function summaryOf(db: Db, productId: number): Promise<ReviewSummary> {
  const byScore = await db
    .select({ score: storeReviews.productScore, n: sql<number>`count(*)::int` })
    .from(storeReviews)
    .where(eq(storeReviews.productId, productId))
    .groupBy(storeReviews.productScore);
  const distribution = [1, 2, 3, 4, 5].map((score) => byScore.find((s) => s.score === score)?.n ?? 0);
  const count = distribution.reduce((a, b) => a + b, 0);
  const [product] = await db
    .select({ rating: storeProducts.rating })
    .from(storeProducts)
    .where(eq(storeProducts.id, productId));
  if (!product) throw new DomainError('store.unknownProduct');
  // The product's rating is recomputed with every review, so with any review it is their average.
  return { count, average: count === 0 ? null : product.rating, distribution };
}

export async function productReviews(
  db: Db,
  productId: number,
  query: { cursor?: string | undefined; limit: number },
  locale: Locale,
): Promise<ProductReviews> {
  const [summary, page] = await Promise.all([
    summaryOf(db, productId),
    reviewPage(db, eq(storeReviews.productId, productId), query, locale),
  ]);
  return { summary, ...page };
}

export const myReviews = (
  db: Db,
  userId: string,
  query: { cursor?: string | undefined; limit: number },
  locale: Locale,
): Promise<ReviewPage> => reviewPage(db, eq(storeReviews.userId, userId), query, locale);

const REVIEW_FILTERS: Record<SellerReviewFilter, Condition | undefined> = {
  all: undefined,
  unanswered: isNull(storeReviews.replyContent),
  answered: isNotNull(storeReviews.replyContent),
};

/** The reviews of one shop for its seller, a page at a time: the unanswered first, each part newest first. */
export async function shopReviews(
  db: Db,
  shopId: number,
  { filter, page, pageSize }: { filter: SellerReviewFilter; page: number; pageSize: number },
  locale: Locale,
) {
  const where = [eq(storeReviews.shopId, shopId), REVIEW_FILTERS[filter]];
  const [rows, total] = await Promise.all([
    reviewViews(
      db,
      where,
      {
        limit: pageSize,
        offset: (page - 1) * pageSize,
        order: [sql`${storeReviews.replyContent} is null desc`, desc(storeReviews.seq)],
      },
      locale,
    ),
    db.$count(storeReviews, and(...where)),
  ]);
  return { items: rows.map(({ seq: _seq, ...view }) => view), page, pageSize, total };
}

export interface ReplyDeps {
  db: Db;
  messages: MessagePublisher;
}

/**
 * The shop's one reply to a review of its own, under the review's row lock: another shop's
 * review is not found (404), a second reply finds the first (409). The reviewer's message is
 * stored in the same transaction and pushed on commit.
 */
export async function replyToReview(
  deps: ReplyDeps,
  shopId: number,
  userId: string,
  { id, content }: { id: string; content: string },
  locale: Locale,
  now = new Date(),
): Promise<ReviewView> {
  const sent = await deps.db.transaction(async (tx) => {
    const [review] = await tx
      .select({ userId: storeReviews.userId, replyContent: storeReviews.replyContent })
      .from(storeReviews)
      .where(and(eq(storeReviews.id, id), eq(storeReviews.shopId, shopId)))
      .for('update');
    if (!review) throw new DomainError('seller.reviewNotFound');
    if (review.replyContent !== null) throw new DomainError('seller.alreadyReplied');
    await tx
      .update(storeReviews)
      .set({ replyContent: content, repliedAt: now, repliedBy: userId })
      .where(eq(storeReviews.id, id));
    return notify(tx, {
      userId: review.userId,
      kind: 'reviewReply',
      params: { reviewId: id, reply: content },
    });
  });
  deps.messages.publish(sent);
  const [view] = await reviewViews(deps.db, [eq(storeReviews.id, id)], { limit: 1 }, locale);
  if (!view) throw new Error('replied review vanished');
  const { seq: _seq, ...rest } = view;
  return rest;
}

/** The order lines among `lineIds` that have a review, for the order views. */
export async function reviewedLines(db: Db, lineIds: readonly number[]): Promise<Set<number>> {
  if (lineIds.length === 0) return new Set();
  const rows = await db
    .select({ lineId: storeReviews.orderLineId })
    .from(storeReviews)
    .where(inArray(storeReviews.orderLineId, [...lineIds]));
  return new Set(rows.map((r) => r.lineId));
}

/** One picture's bytes, for the image route. */
export async function reviewPicture(db: Db, id: string) {
  const [picture] = await db
    .select({ mimeType: storeReviewPictures.mimeType, content: storeReviewPictures.content })
    .from(storeReviewPictures)
    .where(eq(storeReviewPictures.id, id));
  return picture;
}
