import {
  type BankCardView,
  type BankCode,
  type BindCard,
  bankOfCard,
  cardTail,
  DomainError,
  MAX_BOUND_CARDS,
  maskCardNumber,
} from '@bourse/shared';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { users } from '../db/schema.ts';
import { verifiedRealName } from '../identity/index.ts';
import type { Db } from '../platform/database.ts';
import { bankCards, bankTransfers } from './schema.ts';

export type CardRow = typeof bankCards.$inferSelect;

export function cardView(row: CardRow): BankCardView {
  return {
    id: row.id,
    bank: row.bank as BankCode,
    cardTail: cardTail(row.cardNumber),
    cardMasked: maskCardNumber(row.cardNumber),
    holderName: row.holderName,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
  };
}

const bound = (userId: string) => and(eq(bankCards.userId, userId), isNull(bankCards.unboundAt));

/** The user's bound cards, the default first, then oldest first. */
export async function listCards(db: Db, userId: string): Promise<BankCardView[]> {
  const rows = await db
    .select()
    .from(bankCards)
    .where(bound(userId))
    .orderBy(desc(bankCards.isDefault), asc(bankCards.createdAt), asc(bankCards.id));
  return rows.map(cardView);
}

/** A bound card of the user, locked for the transaction (FOR SHARE: a transfer; FOR UPDATE: a change). */
export async function lockCard(
  tx: Db,
  userId: string,
  cardId: string,
  mode: 'share' | 'update',
): Promise<CardRow> {
  const [card] = await tx
    .select()
    .from(bankCards)
    .where(and(bound(userId), eq(bankCards.id, cardId)))
    .for(mode);
  if (!card) throw new DomainError('bank.cardNotFound');
  return card;
}

/** Serialises one user's card changes, so the count and the default stay right under concurrency. */
async function lockCardsOf(tx: Db, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/**
 * Binds a card (the shared contract has checked its number, Luhn digit and bank) in the user's
 * verified real name; the first bound card becomes the default. A number bound to any account
 * cannot be bound again until it is unbound there.
 */
export async function bindCard(db: Db, userId: string, request: BindCard): Promise<BankCardView> {
  const bank = bankOfCard(request.cardNumber);
  if (!bank) throw new DomainError('bank.cardUnsupported');
  const realName = await verifiedRealName(db, userId);
  if (realName === null) throw new DomainError('identity.notVerified');
  if (request.holderName !== realName) throw new DomainError('bank.holderMismatch');
  return db.transaction(async (tx) => {
    await lockCardsOf(tx, userId);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(bankCards)
      .where(bound(userId));
    if (n >= MAX_BOUND_CARDS) throw new DomainError('bank.tooManyCards', { max: MAX_BOUND_CARDS });
    const [card] = await tx
      .insert(bankCards)
      .values({
        userId,
        bank,
        cardNumber: request.cardNumber,
        holderName: realName,
        isDefault: n === 0,
      })
      .onConflictDoNothing()
      .returning();
    if (!card) throw new DomainError('bank.cardTaken');
    return cardView(card);
  });
}

/** Unbinds a card with no transfer in flight; the oldest card left takes over as the default. */
export async function unbindCard(
  db: Db,
  userId: string,
  cardId: string,
  now = new Date(),
): Promise<BankCardView[]> {
  await db.transaction(async (tx) => {
    await lockCardsOf(tx, userId);
    const card = await lockCard(tx, userId, cardId, 'update');
    const [inFlight] = await tx
      .select({ id: bankTransfers.id })
      .from(bankTransfers)
      .where(and(eq(bankTransfers.cardId, card.id), eq(bankTransfers.status, 'auditing')))
      .limit(1);
    if (inFlight) throw new DomainError('bank.cardBusy');
    await tx.update(bankCards).set({ unboundAt: now, isDefault: false }).where(eq(bankCards.id, card.id));
    if (!card.isDefault) return;
    const [next] = await tx
      .select({ id: bankCards.id })
      .from(bankCards)
      .where(bound(userId))
      .orderBy(asc(bankCards.createdAt), asc(bankCards.id))
      .limit(1);
    if (next) await tx.update(bankCards).set({ isDefault: true }).where(eq(bankCards.id, next.id));
  });
  return listCards(db, userId);
}

export async function setDefaultCard(db: Db, userId: string, cardId: string): Promise<BankCardView[]> {
  await db.transaction(async (tx) => {
    await lockCardsOf(tx, userId);
    const card = await lockCard(tx, userId, cardId, 'update');
    if (card.isDefault) return;
    // Two statements: the partial unique index allows one default per user at every step.
    await tx
      .update(bankCards)
      .set({ isDefault: false })
      .where(and(bound(userId), eq(bankCards.isDefault, true)));
    await tx.update(bankCards).set({ isDefault: true }).where(eq(bankCards.id, card.id));
  });
  return listCards(db, userId);
}
