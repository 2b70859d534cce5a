/**
 * After the draw: the payment-day reminder, payment (T+2, at the 16:00 cut-off) and listing.
 * Payment settles a page of winners per transaction that marks each allotment with what it did,
 * and listing one winner per transaction, so a crash anywhere leaves every allotment either
 * untouched or done, and a rerun skips what is done.
 */
import { Dec, type NewMessage, toMoneyString } from '@bourse/shared';
import { and, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { lockUsersCash, type PreparedEntry, prepareEntry, writeEntries } from '../ledger/ledger.ts';
import { stampMarketTime } from '../market/marketClock.ts';
import { notifyAll, type SentMessage } from '../messages/index.ts';
import type { Db } from '../platform/database.ts';
import type { IpoRow } from './queries.ts';
import { ipoAllotments, ipos } from './schema.ts';
import { unitSharesOf } from './views.ts';

/** Winners settled (paid: one transaction a page; listed: one a winner) per page. */
const PAGE = 500;
/** Messages per insert statement, well inside PostgreSQL's 65,535 parameters. */
const MESSAGE_BATCH = 2_000;

async function lockIssue(tx: Db, ipoId: number): Promise<IpoRow | undefined> {
  const [ipo] = await tx.select().from(ipos).where(eq(ipos.id, ipoId)).for('update');
  return ipo;
}

const allotmentKey = (ipoId: number, subscriptionId: number) =>
  and(eq(ipoAllotments.ipoId, ipoId), eq(ipoAllotments.subscriptionId, subscriptionId));

async function lockAllotment(tx: Db, ipoId: number, subscriptionId: number) {
  const [allotment] = await tx
    .select()
    .from(ipoAllotments)
    .where(allotmentKey(ipoId, subscriptionId))
    .for('update');
  return allotment;
}

const costOf = (ipo: IpoRow, units: number) => new Dec(ipo.price).times(units * unitSharesOf(ipo));

/** The payment day's reminder to every winner, sent once (the reminders commit with the mark). */
export async function sendPaymentNotices(db: Db, ipoId: number, marketAt: number): Promise<SentMessage[]> {
  return db.transaction(async (tx) => {
    await stampMarketTime(tx, marketAt);
    const ipo = await lockIssue(tx, ipoId);
    if (ipo?.status !== 'awaiting_payment' || ipo.paymentNotifiedAt) return [];
    const winners = await tx
      .select({ userId: ipoAllotments.userId, wonUnits: ipoAllotments.wonUnits })
      .from(ipoAllotments)
      .where(eq(ipoAllotments.ipoId, ipoId));
    const messages: NewMessage[] = winners.map((w) => ({
      userId: w.userId,
      kind: 'paymentDue',
      params: {
        symbol: ipo.code,
        name: ipo.name,
        allottedShares: String(w.wonUnits * unitSharesOf(ipo)),
        amount: toMoneyString(costOf(ipo, w.wonUnits)),
        paymentDate: ipo.paymentDate,
      },
    }));
    const sent: SentMessage[] = [];
    for (let i = 0; i < messages.length; i += MESSAGE_BATCH)
      sent.push(...(await notifyAll(tx, messages.slice(i, i + MESSAGE_BATCH))));
    await tx.update(ipos).set({ paymentNotifiedAt: new Date() }).where(eq(ipos.id, ipoId));
    return sent;
  });
}

/**
 * Pays a page of winners' allotments from their available cash, in whole units, in one
 * transaction: what each one's cash covers is paid (one ipoPayment entry each, available →
 * market), the rest abandoned. Allotments already settled are skipped (a rerun, or another
 * payment job that got there first: both lock the allotments before the cash).
 */
async function settlePage(
  db: Db,
  ipo: IpoRow,
  subscriptionIds: readonly number[],
  marketAt: number,
): Promise<SentMessage[]> {
  return db.transaction(async (tx) => {
    await stampMarketTime(tx, marketAt);
    const open = await tx
      .select()
      .from(ipoAllotments)
      .where(
        and(
          eq(ipoAllotments.ipoId, ipo.id),
          inArray(ipoAllotments.subscriptionId, [...subscriptionIds]),
          isNull(ipoAllotments.paidUnits),
        ),
      )
      .orderBy(ipoAllotments.subscriptionId)
      .for('update');
    if (open.length === 0) return [];
    const cashes = await lockUsersCash(
      tx,
      open.map((a) => a.userId),
    );
    const unitCost = costOf(ipo, 1);
    const unit = unitSharesOf(ipo);
    const entries: PreparedEntry[] = [];
    const settled: SQL[] = [];
    const results: NewMessage[] = [];
    for (const allotment of open) {
      const cash = cashes.get(allotment.userId)!;
      const paidUnits = Math.min(allotment.wonUnits, cash.available.balance.div(unitCost).floor().toNumber());
      const amount = unitCost.times(paidUnits);
      const entry =
        paidUnits > 0
          ? prepareEntry(cash, { kind: 'ipoPayment', tradingDate: ipo.paymentDate, symbol: ipo.code }, [
              { account: 'available', amount: amount.negated() },
              { account: 'market', amount },
            ])
          : null;
      if (entry) entries.push(entry);
      settled.push(
        sql`(${allotment.subscriptionId}::bigint, ${paidUnits}::int, ${amount.toFixed(2)}::numeric, ${entry?.id ?? null}::uuid)`,
      );
      results.push({
        userId: allotment.userId,
        kind: 'paymentResult',
        params: {
          symbol: ipo.code,
          name: ipo.name,
          paidShares: String(paidUnits * unit),
          abandonedShares: String((allotment.wonUnits - paidUnits) * unit),
          amount: toMoneyString(amount),
        },
      });
    }
    await writeEntries(tx, entries);
    await tx.execute(sql`
      update ipo_allotments a set paid_units = v.paid_units, paid_amount = v.paid_amount,
        journal_entry_id = v.entry_id, settled_at = now()
      from (values ${sql.join(settled, sql`, `)}) as v(subscription_id, paid_units, paid_amount, entry_id)
      where a.ipo_id = ${ipo.id} and a.subscription_id = v.subscription_id`);
    return notifyAll(tx, results);
  });
}

/** Allotments of the issue still to do, a page at a time in subscription order. */
async function pending(db: Db, ipoId: number, after: number, open: SQL | undefined) {
  return db
    .select({ subscriptionId: ipoAllotments.subscriptionId })
    .from(ipoAllotments)
    .where(and(eq(ipoAllotments.ipoId, ipoId), gt(ipoAllotments.subscriptionId, after), open))
    .orderBy(ipoAllotments.subscriptionId)
    .limit(PAGE);
}

/**
 * The payment cut-off: settles every winner, then moves the issue on to its listing. Messages are
 * published as each page commits. Answers whether the issue moved on (false: not its turn).
 */
export async function settlePayments(
  db: Db,
  ipoId: number,
  publish: (sent: SentMessage[]) => void,
  marketAt: number,
): Promise<boolean> {
  const [ipo] = await db.select().from(ipos).where(eq(ipos.id, ipoId));
  if (ipo?.status !== 'awaiting_payment') return false;
  for (let after = 0; ; ) {
    const page = await pending(db, ipoId, after, isNull(ipoAllotments.paidUnits));
    if (page.length > 0) {
      const sent = await settlePage(
        db,
        ipo,
        page.map((p) => p.subscriptionId),
        marketAt,
      );
      if (sent.length > 0) publish(sent);
    }
    if (page.length < PAGE) break;
    after = page[page.length - 1]!.subscriptionId;
  }
  return db.transaction(async (tx) => {
    const locked = await lockIssue(tx, ipoId);
    if (locked?.status !== 'awaiting_payment') return false;
    const [left] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(ipoAllotments)
      .where(and(eq(ipoAllotments.ipoId, ipoId), isNull(ipoAllotments.paidUnits)));
    if ((left?.n ?? 0) > 0) throw new Error(`IPO ${ipoId}: ${left?.n} allotments still unsettled`);
    await tx.update(ipos).set({ status: 'awaiting_listing', paidAt: new Date() }).where(eq(ipos.id, ipoId));
    return true;
  });
}

/** The paid shares of one allotment become (part of) a position at the issue price, sellable at once. */
async function listOne(db: Db, ipo: IpoRow, subscriptionId: number, tradingDate: string): Promise<void> {
  await db.transaction(async (tx) => {
    const allotment = await lockAllotment(tx, ipo.id, subscriptionId);
    if (!allotment || allotment.listedAt || !allotment.paidUnits) return;
    const quantity = allotment.paidUnits * unitSharesOf(ipo);
    const cost = allotment.paidAmount ?? '0';
    await tx.execute(sql`
      insert into positions (user_id, symbol, name, quantity, cost, buy_quantity, buy_amount, day_date, day_open_quantity)
      values (${allotment.userId}, ${ipo.code}, ${ipo.name}, ${quantity}, ${cost}, ${quantity}, ${cost}, ${tradingDate}, ${quantity})
      on conflict (user_id, symbol) do update set
        quantity = positions.quantity + excluded.quantity,
        cost = positions.cost + excluded.cost,
        buy_quantity = positions.buy_quantity + excluded.buy_quantity,
        buy_amount = positions.buy_amount + excluded.buy_amount`);
    await tx.update(ipoAllotments).set({ listedAt: new Date() }).where(allotmentKey(ipo.id, subscriptionId));
  });
}

/** Listing day: every paid allotment becomes a position, then the issue is listed. */
export async function listIssue(db: Db, ipoId: number, tradingDate: string): Promise<boolean> {
  const [ipo] = await db.select().from(ipos).where(eq(ipos.id, ipoId));
  if (ipo?.status !== 'awaiting_listing') return false;
  const unlisted = and(isNull(ipoAllotments.listedAt), gt(ipoAllotments.paidUnits, 0));
  for (let after = 0; ; ) {
    const page = await pending(db, ipoId, after, unlisted);
    for (const { subscriptionId } of page) await listOne(db, ipo, subscriptionId, tradingDate);
    if (page.length < PAGE) break;
    after = page[page.length - 1]!.subscriptionId;
  }
  const [listed] = await db
    .update(ipos)
    .set({ status: 'listed', listedAt: new Date() })
    .where(and(eq(ipos.id, ipoId), eq(ipos.status, 'awaiting_listing')))
    .returning({ id: ipos.id });
  return listed !== undefined;
}
