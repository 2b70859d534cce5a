import { LOCALES, type Locale, parseJson } from '@bourse/shared';
import { eq, gt, inArray } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { Db } from '../platform/database.ts';
import { LuaScript } from '../platform/luaScript.ts';
import { ThrottledWarning } from '../platform/throttledWarning.ts';
import { storeCheckouts } from './orderSchema.ts';
import { type Localised, storeProductSpecs, storeProducts } from './schema.ts';

/**
 * Checks every spec's count (KEYS[2 + i] for i in 1..ARGV[2], units in ARGV[2 + i]), then takes
 * all or nothing and marks the checkout's Idempotency-Key as admitted (KEYS[1], for ARGV[1]
 * seconds). Answers {1} when admitted, {0, i, left, seen, name} when spec i has too few (its
 * product's names as JSON, KEYS[2 + n + i], '' when not kept), {-1, i} when spec i's count is
 * missing (Redis restarted, the key expired), for the caller to rebuild from PostgreSQL. `seen`
 * says whether the key may have made a checkout: 1 when it was admitted before, 2 when the
 * markers are not known to be complete (KEYS[2] missing), 0 when it cannot have.
 */
const ADMIT = new LuaScript(`
local n = tonumber(ARGV[2])
local seen = 0
if redis.call('EXISTS', KEYS[1]) == 1 then seen = 1 elseif redis.call('EXISTS', KEYS[2]) == 0 then seen = 2 end
for i = 1, n do
  local left = redis.call('GET', KEYS[2 + i])
  if not left then return {-1, i} end
  if tonumber(left) < tonumber(ARGV[2 + i]) then
    return {0, i, tonumber(left), seen, redis.call('GET', KEYS[2 + n + i]) or ''}
  end
end
for i = 1, n do redis.call('DECRBY', KEYS[2 + i], ARGV[2 + i]) end
redis.call('SET', KEYS[1], 1, 'EX', ARGV[1])
return {1}`);

/**
 * Adds units (negative: takes them) to the counts that exist; a missing one is rebuilt from
 * PostgreSQL, which has them.
 */
const ADD = new LuaScript(`
for i, key in ipairs(KEYS) do
  if redis.call('EXISTS', key) == 1 then redis.call('INCRBY', key, ARGV[i]) end
end
return 0`);

/**
 * A count lives this long before it is read again from PostgreSQL: it bounds how long a unit
 * can stay missing from the gate when a process died between returning it to the database and
 * to the gate (or when stock was changed in the database by hand).
 */
const COUNT_TTL_SECONDS = 60;

/**
 * How long a checkout key's "admitted" marker lives: a refused retry of a key older than this is
 * told "sold out" rather than answered its first orders (Stripe keeps idempotency keys 24 hours).
 */
const KEY_MARKER_TTL_SECONDS = 24 * 3600;
/**
 * Before rebuilding lost markers from PostgreSQL: checkouts admitted before Redis lost them and
 * still in their transaction commit within it, so the rebuild's read sees them.
 */
const MARKER_REBUILD_GRACE_MS = 10_000;
/** Markers written per pipeline in a rebuild. */
const MARKER_BATCH = 1000;

/**
 * Admitted, and whether units were taken from the gate (none when Redis is down or a spec
 * unknown); or refused, and whether the Idempotency-Key may have made a checkout already, which
 * only then costs a database read for its replay.
 */
export type Admission =
  | { admitted: true; taken: boolean }
  | {
      admitted: false;
      specId: number;
      left: number;
      keyMayHaveCheckedOut: boolean;
      /** The product's names for the sold-out message, kept beside the count; undefined when not kept. */
      name: Localised | undefined;
    };

const namesSchema = z.object(
  Object.fromEntries(LOCALES.map((locale) => [locale, z.string()])) as Record<Locale, z.ZodString>,
);

/** The checkout an admission is for: its user and Idempotency-Key. */
export interface CheckoutKey {
  userId: string;
  key: string;
}

type Units = readonly { specId: number; quantity: number }[];

// A Redis outage in a rush would otherwise log once per checkout.
const gateUnavailable = new ThrottledWarning('stock gate unavailable; the database alone decides');
const notGivenBack = new ThrottledWarning('stock gate: units not given back');
const notCorrected = new ThrottledWarning('stock gate: count not corrected');
const notRestocked = new ThrottledWarning("stock gate: a seller's stock change not applied");
const markersNotRebuilt = new ThrottledWarning(
  'stock gate: checkout key markers not rebuilt; refusals read the database',
);
const markerNotSet = new ThrottledWarning(
  'stock gate: a checkout key not marked; a refused retry of it would hear "sold out" instead of its orders',
);

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
 * decrement under the stock CHECK stays the truth: the gate may admit too many (the database then
 * refuses and the count is corrected) but must never admit too few, so every unit taken is given back
 * when its checkout fails and every unit an order returns (cancel, expiry) is given back after
 * the database has it. A missing count is rebuilt from the database; without Redis every
 * checkout is admitted and the database alone decides.
 *
 * A refusal must still answer a retried Idempotency-Key with its first orders. So that a
 * refusal need not read the database to know, the script marks every key it admits; once the
 * markers are known complete (after a rebuild from the last day's checkouts, done when Redis has
 * lost them) a refused key without a marker cannot have checked out.
 */
export class StockGate {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    /** Tests shorten the wait before a marker rebuild reads the database. */
    private readonly markerRebuildGraceMs = MARKER_REBUILD_GRACE_MS,
  ) {}

  /** One hash tag for every count, so a multi-spec checkout's script touches one Redis Cluster slot. */
  private key(specId: number): string {
    return `${this.prefix}store:stock:{gate}:${specId}`;
  }

  private markerKey({ userId, key }: CheckoutKey): string {
    return `${this.prefix}store:stock:{gate}:key:${userId}:${key}`;
  }

  private get markersComplete(): string {
    return `${this.prefix}store:stock:{gate}:keys-complete`;
  }

  /** Takes every line's units, or none; a spec with too few is answered with what it has left. */
  async admit(db: Db, lines: Units, checkout: CheckoutKey): Promise<Admission> {
    const units = perSpec(lines);
    try {
      for (let rebuilt = false; ; rebuilt = true) {
        const answer = (await ADMIT.run(
          this.redis,
          [
            this.markerKey(checkout),
            this.markersComplete,
            ...units.map((u) => this.key(u.specId)),
            ...units.map((u) => this.nameKey(u.specId)),
          ],
          [KEY_MARKER_TTL_SECONDS, units.length, ...units.map((u) => u.quantity)],
        )) as [number, number, number?, number?, string?];
        if (answer[0] === 1) return { admitted: true, taken: true };
        const unit = units[answer[1] - 1]!;
        if (answer[0] === 0) {
          if (answer[3] === 2) void this.rebuildMarkers(db);
          return {
            admitted: false,
            specId: unit.specId,
            left: answer[2]!,
            keyMayHaveCheckedOut: answer[3] !== 0,
            // '' when no names were kept; a damaged value reads as none too.
            name: parseJson(namesSchema, answer[4] || null),
          };
        }
        // Rebuilt and still missing: an unknown spec, which the checkout itself refuses.
        if (rebuilt) return { admitted: true, taken: false };
        await this.rebuild(db, units);
      }
    } catch (err) {
      gateUnavailable.warn({ err: (err as Error).message });
      return { admitted: true, taken: false };
    }
  }

  /**
   * Where a spec's product names are kept beside its count, for as long: a refusal then names
   * the product without reading the database (a rush's first refusals all at once, otherwise).
   */
  private nameKey(specId: number): string {
    return `${this.key(specId)}:name`;
  }

  /** Count rebuilds under way, by their specs: a rush's first checkouts all find the count missing. */
  private readonly rebuildingCounts = new Map<string, Promise<void>>();

  /**
   * Reads the specs' stock from PostgreSQL into counts that are missing (NX: a count in use is
   * kept), and their names. Checkouts that find the same counts missing at once share one read,
   * so a rush's opening burst costs one query, not one per buyer queued for a pooled connection.
   */
  private rebuild(db: Db, units: Units): Promise<void> {
    const specs = units
      .map((u) => u.specId)
      .sort((a, b) => a - b)
      .join(',');
    let rebuilding = this.rebuildingCounts.get(specs);
    if (!rebuilding) {
      rebuilding = this.readCounts(db, units).finally(() => this.rebuildingCounts.delete(specs));
      this.rebuildingCounts.set(specs, rebuilding);
    }
    return rebuilding;
  }

  private async readCounts(db: Db, units: Units): Promise<void> {
    const rows = await db
      .select({ id: storeProductSpecs.id, stock: storeProductSpecs.stock, name: storeProducts.name })
      .from(storeProductSpecs)
      .innerJoin(storeProducts, eq(storeProducts.id, storeProductSpecs.productId))
      .where(
        inArray(
          storeProductSpecs.id,
          units.map((u) => u.specId),
        ),
      );
    const batch = this.redis.multi();
    for (const r of rows)
      batch
        .set(this.key(r.id), r.stock, 'EX', COUNT_TTL_SECONDS, 'NX')
        .set(this.nameKey(r.id), JSON.stringify(r.name), 'EX', COUNT_TTL_SECONDS);
    await batch.exec();
  }

  private rebuilding: Promise<void> | undefined;
  /** Ends a rebuild's grace wait early when the process stops (stop()). */
  private stopWaiting: (() => void) | undefined;
  private stopped = false;

  /** The server is stopping: a marker rebuild still in its grace wait is left to the next process (its lease expires). */
  stop(): void {
    this.stopped = true;
    this.stopWaiting?.();
  }

  /**
   * Marks the keys of the last day's checkouts again, after Redis lost the markers, then says
   * they are complete. One process rebuilds (a lease); until it is done refusals read the database.
   */
  rebuildMarkers(db: Db): Promise<void> {
    this.rebuilding ??= this.rebuildMarkersOnce(db)
      .catch((err: Error) => markersNotRebuilt.warn({ err: err.message }))
      .finally(() => {
        this.rebuilding = undefined;
      });
    return this.rebuilding;
  }

  private async rebuildMarkersOnce(db: Db): Promise<void> {
    const lease = `${this.markersComplete}:rebuilding`;
    if ((await this.redis.set(lease, 1, 'PX', this.markerRebuildGraceMs + 50_000, 'NX')) === null) return;
    if (!this.stopped)
      await new Promise<void>((resolve) => {
        // Unref'd: it never keeps a process alive.
        const timer = setTimeout(resolve, this.markerRebuildGraceMs).unref();
        this.stopWaiting = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    if (this.stopped) return;
    const since = new Date(Date.now() - KEY_MARKER_TTL_SECONDS * 1000);
    const keys = await db
      .select({ userId: storeCheckouts.userId, key: storeCheckouts.idempotencyKey })
      .from(storeCheckouts)
      .where(gt(storeCheckouts.createdAt, since));
    for (let from = 0; from < keys.length; from += MARKER_BATCH) {
      const batch = this.redis.pipeline();
      for (const checkout of keys.slice(from, from + MARKER_BATCH))
        batch.set(this.markerKey(checkout), 1, 'EX', KEY_MARKER_TTL_SECONDS);
      await batch.exec();
    }
    await this.redis.multi().set(this.markersComplete, 1).del(lease).exec();
  }

  /** Whether refusals can trust the checkout key markers (no replay read for an unmarked key). */
  async keyMarkersComplete(): Promise<boolean> {
    return (await this.redis.exists(this.markersComplete)) === 1;
  }

  /** At a server's start: rebuilds the checkout key markers unless they are known complete. */
  async prepareKeyMarkers(db: Db): Promise<void> {
    if (!(await this.keyMarkersComplete())) await this.rebuildMarkers(db);
  }

  /** Marks a key whose checkout committed without the gate (Redis was unreachable when it was admitted). */
  async markCheckedOut(checkout: CheckoutKey): Promise<void> {
    await this.redis
      .set(this.markerKey(checkout), 1, 'EX', KEY_MARKER_TTL_SECONDS)
      .catch((err: Error) => markerNotSet.warn({ err: err.message }));
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
      await ADD.run(
        this.redis,
        units.map((u) => this.key(u.specId)),
        units.map((u) => u.quantity),
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
