import { asc, eq } from 'drizzle-orm';
import type { Db } from '../platform/database.ts';
import { bankTransfers } from './schema.ts';

/** Every transfer still waiting for the bank, oldest first: what the workers' sweep re-enqueues. */
export async function auditingTransferIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: bankTransfers.id })
    .from(bankTransfers)
    .where(eq(bankTransfers.status, 'auditing'))
    .orderBy(asc(bankTransfers.createdAt));
  return rows.map((r) => r.id);
}
