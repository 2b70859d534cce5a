import { sql } from 'drizzle-orm';
import type { Database } from '../platform/database.ts';
import { logger } from '../platform/logger.ts';
import { storeProductSpecs, storeProducts, storeShops } from './schema.ts';
import { type CatalogueSize, DEMO_CATALOGUE, DEMO_SEED, generateCatalogue } from './seed/generate.ts';

// Replicas starting together: one seeds, the others wait and find it done.
const SEED_LOCK = 7_301_987_515;
const BATCH = 500;

function batches<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += BATCH) out.push(rows.slice(i, i + BATCH));
  return out;
}

/**
 * Seeds the demo catalogue when the storefront has no shop yet; a catalogue that exists (the
 * demo one, or real shops) is left alone. Returns whether it seeded.
 */
export async function seedStoreCatalogue(
  database: Database,
  { seed = DEMO_SEED, size = DEMO_CATALOGUE }: { seed?: number; size?: CatalogueSize } = {},
): Promise<boolean> {
  const started = performance.now();
  const seeded = await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [existing] = await tx.select({ id: storeShops.id }).from(storeShops).limit(1);
    if (existing) return false;
    const catalogue = generateCatalogue(seed, size);
    await tx.insert(storeShops).values(catalogue.shops);
    for (const rows of batches(catalogue.products)) await tx.insert(storeProducts).values(rows);
    for (const rows of batches(catalogue.specs)) await tx.insert(storeProductSpecs).values(rows);
    // The ids were given explicitly (stable links across restarts); new rows continue after them.
    for (const table of ['store_shops', 'store_products']) {
      await tx.execute(
        sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.identifier(table)}))`,
      );
    }
    return true;
  });
  if (seeded) logger.info({ ms: Math.round(performance.now() - started) }, 'store: demo catalogue seeded');
  return seeded;
}
