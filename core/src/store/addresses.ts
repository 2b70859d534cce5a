import { type AddressInput, DomainError, MAX_ADDRESSES, type StoreAddress } from '@bourse/shared';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../platform/database.ts';
import { storeAddresses } from './orderSchema.ts';

type Row = typeof storeAddresses.$inferSelect;

const toAddress = (r: Row): StoreAddress => ({
  id: r.id,
  addressee: r.addressee,
  mobile: r.mobile,
  country: r.country,
  region: r.region,
  detail: r.detail,
  tag: r.tag as StoreAddress['tag'],
  isDefault: r.isDefault,
});

/** The user's addresses, the default first, then the newest. */
export async function listAddresses(db: Db, userId: string): Promise<StoreAddress[]> {
  const rows = await db
    .select()
    .from(storeAddresses)
    .where(eq(storeAddresses.userId, userId))
    .orderBy(desc(storeAddresses.isDefault), desc(storeAddresses.createdAt), storeAddresses.id);
  return rows.map(toAddress);
}

/** Locks the user's address rows, so two edits of the default never leave two or none. */
async function lockAddresses(tx: Db, userId: string): Promise<Row[]> {
  return tx.select().from(storeAddresses).where(eq(storeAddresses.userId, userId)).for('update');
}

async function clearDefault(tx: Db, userId: string, except?: string): Promise<void> {
  await tx
    .update(storeAddresses)
    .set({ isDefault: false })
    .where(
      and(
        eq(storeAddresses.userId, userId),
        eq(storeAddresses.isDefault, true),
        except ? ne(storeAddresses.id, except) : sql`true`,
      ),
    );
}

/** Adds an address; the first one, or one marked default, becomes the default. */
export async function addAddress(db: Db, userId: string, input: AddressInput): Promise<StoreAddress> {
  return db.transaction(async (tx) => {
    const existing = await lockAddresses(tx, userId);
    if (existing.length >= MAX_ADDRESSES) throw new DomainError('address.tooMany');
    const isDefault = input.isDefault || existing.length === 0;
    if (isDefault) await clearDefault(tx, userId);
    const [row] = await tx
      .insert(storeAddresses)
      .values({ ...input, userId, isDefault })
      .returning();
    return toAddress(row!);
  });
}

/** Edits one of the user's addresses; unmarking the default is ignored (some address must be). */
export async function editAddress(
  db: Db,
  userId: string,
  id: string,
  input: AddressInput,
): Promise<StoreAddress> {
  return db.transaction(async (tx) => {
    const found = (await lockAddresses(tx, userId)).find((a) => a.id === id);
    if (!found) throw new DomainError('address.notFound');
    const isDefault = input.isDefault || found.isDefault;
    if (isDefault) await clearDefault(tx, userId, id);
    const [row] = await tx
      .update(storeAddresses)
      .set({ ...input, isDefault })
      .where(eq(storeAddresses.id, id))
      .returning();
    return toAddress(row!);
  });
}

/** Deletes an address; when it was the default, the newest remaining one becomes the default. */
export async function deleteAddress(db: Db, userId: string, id: string): Promise<StoreAddress[]> {
  await db.transaction(async (tx) => {
    const rows = await lockAddresses(tx, userId);
    const found = rows.find((a) => a.id === id);
    if (!found) throw new DomainError('address.notFound');
    await tx.delete(storeAddresses).where(eq(storeAddresses.id, id));
    const next = rows
      .filter((a) => a.id !== id)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
    if (found.isDefault && next)
      await tx.update(storeAddresses).set({ isDefault: true }).where(eq(storeAddresses.id, next.id));
  });
  return listAddresses(db, userId);
}

export async function setDefaultAddress(db: Db, userId: string, id: string): Promise<StoreAddress[]> {
  await db.transaction(async (tx) => {
    if (!(await lockAddresses(tx, userId)).some((a) => a.id === id))
      throw new DomainError('address.notFound');
    await clearDefault(tx, userId, id);
    await tx.update(storeAddresses).set({ isDefault: true }).where(eq(storeAddresses.id, id));
  });
  return listAddresses(db, userId);
}

/** One of the user's addresses, for checkout: address.required when it is not theirs. */
export async function addressOf(db: Db, userId: string, id: string): Promise<StoreAddress> {
  const [row] = await db
    .select()
    .from(storeAddresses)
    .where(and(eq(storeAddresses.id, id), eq(storeAddresses.userId, userId)));
  if (!row) throw new DomainError('address.required');
  return toAddress(row);
}
