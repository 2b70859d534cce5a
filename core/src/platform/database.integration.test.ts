import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows.ts';
import { EMBEDDED_AND_POSTGRES, openTestDatabase } from '../testing/testDatabase.ts';
import { checkViolated, type Database, type Db, transactionWithFinalCommit } from './database.ts';

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

describe.each(EMBEDDED_AND_POSTGRES)('a transaction ended by its final statements on %s', (kind) => {
  let database: Database;
  const db = () => database.db;
  const rows = async () =>
    rowsOf<{ id: number; n: number; label: string }>(
      await db().execute(sql`select id, n, label from final_step order by id`),
    );
  const insert = (tx: Db, id: number) => tx.execute(sql`insert into final_step (id, n) values (${id}, 0)`);
  const take = (n: number) => sql`update final_step set n = n - ${n} where id = 1`;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await db().execute(sql`
      create table final_step (
        id integer primary key,
        n integer not null constraint final_step_n_check check (n >= 0),
        label text not null default ''
      )`);
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await db().execute(sql`delete from final_step`);
    await db().execute(sql`insert into final_step (id, n) values (1, 3)`);
  });

  it('commits the work with the final statements, their parameters inlined', async () => {
    const answer = await transactionWithFinalCommit(db(), async (tx, commitWith) => {
      await insert(tx, 2);
      await commitWith(take(2), sql`update final_step set label = ${"it's; commit"} where id = 2`);
      return 'done';
    });
    expect(answer).toBe('done');
    expect(await rows()).toEqual([
      { id: 1, n: 1, label: '' },
      { id: 2, n: 0, label: "it's; commit" },
    ]);
  });

  it('rolls all of it back when a final statement breaks a CHECK, and says which', async () => {
    const refused = await transactionWithFinalCommit(db(), async (tx, commitWith) => {
      await insert(tx, 2);
      await commitWith(take(1), take(5));
    }).catch((err: unknown) => err);
    expect(checkViolated(refused, 'final_step_n_check')).toBe(true);
    expect(checkViolated(refused, 'another_check')).toBe(false);
    expect(await rows()).toEqual([{ id: 1, n: 3, label: '' }]);
    // The connection came back clean: the next transaction commits.
    await transactionWithFinalCommit(db(), (_, commitWith) => commitWith(take(3)));
    expect((await rows())[0]!.n).toBe(0);
  });

  it('commits work that returns without a final step, and rolls back work that throws', async () => {
    await transactionWithFinalCommit(db(), (tx) => insert(tx, 2));
    const failed = transactionWithFinalCommit(db(), async (tx) => {
      await insert(tx, 3);
      throw new Error('changed my mind');
    });
    await expect(failed).rejects.toThrow('changed my mind');
    expect((await rows()).map((r) => r.id)).toEqual([1, 2]);
  });

  it('recognises a CHECK refusal that drizzle wrapped', async () => {
    const refused = await db()
      .execute(take(5))
      .catch((err: unknown) => err);
    expect(checkViolated(refused, 'final_step_n_check')).toBe(true);
  });
});
