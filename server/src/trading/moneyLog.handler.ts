import { journalEntries, ledgerAccounts, postings } from '@bourse/core/ledger/schema.ts';
import { marketAtText } from '@bourse/core/market/marketClock.ts';
import { fills } from '@bourse/core/trading/schema.ts';
import { Dec, MONEY_LOG_TYPES, type MoneyLogLine, toMoneyString, type tradingRoutes } from '@bourse/shared';
import { and, desc, eq, gte, inArray, lt, lte, type SQL } from 'drizzle-orm';
import { type Handler, signedIn } from '../http/mountRoute.ts';

type Money = 'commission' | 'stampDuty' | 'transferFee';

/**
 * The money log: the user's journal entries that changed their cash (freezes and releases
 * only move it between available and frozen), newest first, paged by entry sequence.
 */
export const moneyLogHandler: Handler<typeof tradingRoutes.moneyLog> = async (ctx) => {
  const { userId } = signedIn(ctx);
  const { type, from, to, cursor, limit } = ctx.query;
  const { db } = ctx.app;
  const where: SQL[] = [
    eq(journalEntries.userId, userId),
    inArray(journalEntries.kind, type ? [type] : [...MONEY_LOG_TYPES]),
  ];
  if (from) where.push(gte(journalEntries.tradingDate, from));
  if (to) where.push(lte(journalEntries.tradingDate, to));
  if (cursor) where.push(lt(journalEntries.seq, Number(cursor)));
  const entries = await db
    .select({ entry: journalEntries, price: fills.price, quantity: fills.quantity })
    .from(journalEntries)
    .leftJoin(fills, eq(fills.id, journalEntries.fillId))
    .where(and(...where))
    .orderBy(desc(journalEntries.seq))
    .limit(limit + 1);
  const page = entries.slice(0, limit);
  const lines =
    page.length === 0
      ? []
      : await db
          .select({ entryId: postings.entryId, amount: postings.amount, kind: ledgerAccounts.kind })
          .from(postings)
          .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
          .where(
            inArray(
              postings.entryId,
              page.map((e) => e.entry.id),
            ),
          );
  const items = page.map(({ entry, price, quantity }): MoneyLogLine => {
    const own = lines.filter((l) => l.entryId === entry.id);
    const of = (kind: string) =>
      own.filter((l) => l.kind === kind).reduce((s, l) => s.plus(l.amount), new Dec(0));
    const userCash = of('available').plus(of('frozen'));
    const market = own.find((l) => l.kind === 'market');
    const fee = (kind: Money) => toMoneyString(of(kind));
    return {
      id: entry.id,
      type: entry.kind as MoneyLogLine['type'],
      amount: toMoneyString(userCash),
      cash: toMoneyString(entry.cashAfter ?? '0'),
      tradingDate: entry.tradingDate,
      time: entry.createdAt.toISOString(),
      marketAt: marketAtText(entry),
      symbol: entry.symbol,
      orderId: entry.orderId,
      price: price === null ? null : new Dec(price).toFixed(3),
      quantity,
      tradeAmount: market ? toMoneyString(new Dec(market.amount).abs()) : null,
      commission: fee('commission'),
      stampDuty: fee('stampDuty'),
      transferFee: fee('transferFee'),
    };
  });
  const next = entries.length > limit ? page.at(-1)?.entry.seq : undefined;
  return { items, nextCursor: next === undefined ? null : String(next) };
};
