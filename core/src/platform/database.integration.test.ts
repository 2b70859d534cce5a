import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing/testDatabase.ts';
import type { Database } from './database.ts';

describe('a PostgreSQL database whose idle connections the server drops', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase('postgres');
  });
  afterAll(() => database.close());

  it('survives it and answers the next query on a fresh connection', async () => {
    // Fill the pool with idle connections, then have the server terminate all of them.
    await Promise.all(Array.from({ length: 5 }, () => database.db.execute(sql`select pg_sleep(0.05)`)));
    await database.db.execute(sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect(database.db.execute(sql`select 1 as one`)).resolves.toBeDefined();
  });
});
