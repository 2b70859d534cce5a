import { inArray } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../platform/database.ts';
import { ThrottledWarning } from '../platform/throttledWarning.ts';
import { storeProductSpecs } from './schema.ts';

/**
 * Checks every spec's count, then takes all or nothing: answers {1} when admitted, {0, i, left}
 * when spec i has too few, {-1, i} when spec i's count is missing (Redis restarted, the key
 * expired), for the caller to rebuild from PostgreSQL.
 */
const ADMIT = `
for i, key in ipairs(KEYS) do
  local left = redis.call('GET', key)
  if not left then return {-1, i} end
  if tonumber(left) < tonumber(ARGV[i]) then return {0, i, tonumber(left)} end
end
for i, key in ipairs(KEYS) do redis.call('DECRBY', key, ARGV[i]) end
return {1}`;

/**
 * Adds units (negative: takes them) to the counts that exist; a missing one is rebuilt from
 * PostgreSQL, which has them.
 */
const ADD = `
for i, key in ipairs(KEYS) do
  if redis.call('EXISTS', key) == 1 then redis.call('INCRBY', key, ARGV[i]) end
end
return 0`;

/**
 * A count lives this long before it is read again from PostgreSQL: it bounds how long a unit
 * can stay missing from the gate when a process died between returning it to the database and
 * to the gate (or when stock was changed in the database by hand).
 */
const COUNT_TTL_SECONDS = 60;

/** Admitted, and whether units were taken from the gate (none when Redis is down or a spec unknown). */
export type Admission =
  | { admitted: true; taken: boolean }
  | { admitted: false; specId: number; left: number };

type Units = readonly { specId: number; quantity: number }[];

// A Redis outage in a rush would otherwise log once per checkout.
const gateUnavailable = new ThrottledWarning('stock gate unavailable; the database alone decides');
const notGivenBack = new ThrottledWarning('stock gate: units not given back');
const notCorrected = new ThrottledWarning('stock gate: count not corrected');
const notRestocked = new ThrottledWarning("stock gate: a seller's stock change not applied");

/** One line per spec, quantities summed: the script checks each key once. */
function perSpec(lines: Units): Units {
  const bySpec = new Map<number, number>();
  for (const l of lines) bySpec.set(l.specId, (bySpec.get(l.specId) ?? 0) + l.quantity);
  return [...bySpec].map(([specId, quantity]) => ({ specId, quantity }));
}

/**
 * The flash sale's admission gate: a per-spec count of the units still on the shelf, kept in
 * Redis and taken atomically by a script before a checkout opens its transaction, so a sold-out
 * spec refuses its late buyers at once instead of queueing them on its row lock. PostgreSQL's
 * conditional decrement stays the truth: the gate may admit too many (the database then refuses
 * and the count is corrected) but must never admit too few, so every unit taken is given back
 * when its checkout fails and every unit an order returns (cancel, expiry) is given back after
 * the database has it. A missing count is rebuilt from the database; without Redis every
 * checkout is admitted and the database alone decides.
 */
export class StockGate {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  /** One hash tag for every count, so a multi-spec checkout's script touches one Redis Cluster slot. */
  private key(specId: number): string {
    return `${this.prefix}store:stock:{gate}:${specId}`;
  }

  /** Takes every line's units, or none; a spec with too few is answered with what it has left. */
  async admit(db: Db, lines: Units): Promise<Admission> {
    const units = perSpec(lines);
    try {
      for (let rebuilt = false; ; rebuilt = true) {
        const answer = (await this.redis.eval(
          ADMIT,
          units.length,
          ...units.map((u) => this.key(u.specId)),
          ...units.map((u) => u.quantity),
        )) as number[];
        if (answer[0] === 1) return { admitted: true, taken: true };
        const unit = units[answer[1]! - 1]!;
        if (answer[0] === 0) return { admitted: false, specId: unit.specId, left: answer[2]! };
        // Rebuilt and still missing: an unknown spec, which the checkout itself refuses.
        if (rebuilt) return { admitted: true, taken: false };
        await this.rebuild(db, units);
      }
    } catch (err) {
      gateUnavailable.warn({ err: (err as Error).message });
      return { admitted: true, taken: false };
    }
  }

  /** Reads the specs' stock from PostgreSQL into counts that are missing (NX: a count in use is kept). */
  private async rebuild(db: Db, units: Units): Promise<void> {
    const rows = await db
      .select({ id: storeProductSpecs.id, stock: storeProductSpecs.stock })
      .from(storeProductSpecs)
      .where(
        inArray(
          storeProductSpecs.id,
          units.map((u) => u.specId),
        ),
      );
    await Promise.all(
      rows.map((r) => this.redis.set(this.key(r.id), r.stock, 'EX', COUNT_TTL_SECONDS, 'NX')),
    );
  }

  /** Units back on the gate: a checkout that failed after admission, or an order that returned its stock. */
  async giveBack(lines: Units): Promise<void> {
    await this.add(perSpec(lines), notGivenBack);
  }

  /**
   * A seller moved specs' stock by these differences (negative: fewer), called after the database
   * has them: the gate's counts move alike, so a restocked spec sells at once instead of after the
   * count's expiry, and a reduced one stops admitting units the database no longer has.
   */
  async restock(changes: Units): Promise<void> {
    await this.add(
      perSpec(changes).filter((u) => u.quantity !== 0),
      notRestocked,
    );
  }

  private async add(units: Units, warning: ThrottledWarning): Promise<void> {
    if (units.length === 0) return;
    try {
      await this.redis.eval(
        ADD,
        units.length,
        ...units.map((u) => this.key(u.specId)),
        ...units.map((u) => u.quantity),
      );
    } catch (err) {
      // The count is read again from the database within COUNT_TTL_SECONDS.
      warning.warn({ err: (err as Error).message });
    }
  }

  /** The database refused what the gate admitted: the count takes the database's figure. */
  async correct(specId: number, stock: number): Promise<void> {
    await this.redis
      .set(this.key(specId), stock, 'KEEPTTL', 'XX')
      .catch((err: Error) => notCorrected.warn({ err: err.message }));
  }
}
