/**
 * Storefront search benchmark (issue 13 §1: product and store search p95 ≤ 50 ms).
 *
 *   pnpm bench:store-search -- [--rounds 30] [--concurrency 4]
 *
 * The demo catalogue (30 shops, 1,500 products, the demo seed) in a fresh scratch PostgreSQL
 * database, one server process (the real startServer) on it. The queries come from the
 * catalogue itself, so they find something: for each of the seven languages a part of a
 * product's and a shop's name as typed in that language (its longest word, or three CJK or Thai
 * characters), a partial word (a word's first four letters) and a typo (a letter of a word
 * dropped). Each query runs --rounds times through GET /api/store/search, --concurrency
 * requests in flight; prints p50, p95 and p99 of the round trip per kind of query and over all,
 * checks that every query found a name with the word in it, and the load average.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '@bourse/core/platform/database.ts';
import { seedStoreCatalogue } from '@bourse/core/store/seedCatalogue.ts';
import { LOCALES, type Locale, storeSearchSchema } from '@bourse/shared';
import { sql } from 'drizzle-orm';
import { percentile } from '../server/src/market/testing/benchStats.ts';
import { spawnServer } from '../server/src/market/testing/spawnServer.ts';
import { benchArgs, latencyFigures, loadAverage, runScratchBench } from './benchRun.ts';
import { jsonClient } from './orders/jsonClient.ts';

const args = benchArgs({
  rounds: { type: 'string', default: '30' },
  concurrency: { type: 'string', default: '4' },
});
const ROUNDS = Number(args.rounds);
const CONCURRENCY = Number(args.concurrency);
const TARGET_P95_MS = 50;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `bench:store-search:${randomUUID()}:`;

interface Query {
  kind: string;
  q: string;
  locale: Locale;
  /** A product or shop found must have this in its name (the word a typo was made from). */
  expect: string;
}

/** Languages written without spaces: a name is searched by a few of its characters. */
const UNSPACED: readonly Locale[] = ['zh-CN', 'ja', 'th'];

/** The longest word of a name (Latin scripts, Korean), or three of its own characters (CJK, Thai: past the Latin brand). */
function typedPart(name: string, locale: Locale): string {
  if (UNSPACED.includes(locale))
    return [...name.replace(/[\s\p{Script=Latin}\d\p{P}]+/gu, '')].slice(0, 3).join('');
  const words = name.split(/\s+/);
  return words.sort((a, b) => Array.from(b).length - Array.from(a).length)[0] ?? name;
}

/** A letter dropped in the middle of the word: "smartphone" → "smartpone". */
function typo(word: string): string {
  const at = Math.floor(word.length / 2);
  return word.slice(0, at) + word.slice(at + 1);
}

/** Queries made from the seeded catalogue, a few products and shops spread over it. */
async function queriesOf(db: Db): Promise<Query[]> {
  const rows = <T>(query: ReturnType<typeof sql>) =>
    db.execute(query).then((r) => (r as unknown as { rows: T[] }).rows);
  const products = await rows<{ id: number; name: Record<Locale, string> }>(
    sql`select id, name from store_products where id % 150 = 7 order by id`,
  );
  const shops = await rows<{ id: number; name: Record<Locale, string> }>(
    sql`select id, name from store_shops where id % 6 = 1 order by id`,
  );
  const queries: Query[] = [];
  for (const locale of LOCALES)
    for (const [kind, rows] of [
      ['product', products],
      ['shop', shops],
    ] as const)
      for (const row of rows) {
        const q = typedPart(row.name[locale], locale);
        queries.push({ kind: `${kind}, ${locale}`, q, locale, expect: q });
      }
  for (const row of [...products, ...shops]) {
    const word = typedPart(row.name.en, 'en');
    if (word.length >= 6) queries.push({ kind: 'typo', q: typo(word), locale: 'en', expect: word });
    queries.push({ kind: 'partial word', q: word.slice(0, 4), locale: 'en', expect: word.slice(0, 4) });
  }
  return queries;
}

await runScratchBench('bench:store-search', REDIS_URL, prefix, async (scratch, cleanups) => {
  await seedStoreCatalogue(scratch.database);
  await scratch.database.db.execute(sql`analyze`);
  const queries = await queriesOf(scratch.database.db);
  const server = await spawnServer({
    REDIS_URL,
    REDIS_PREFIX: prefix,
    DATABASE_URL: scratch.url,
    DEMO_MODE: 'true',
    LOG_LEVEL: 'warn',
  });
  cleanups.push(() => server.stop());
  const client = jsonClient(server.port, CONCURRENCY);
  cleanups.push(async () => client.close());
  const search = (query: Query) =>
    client.send('GET', `/api/store/search?q=${encodeURIComponent(query.q)}`, {
      'accept-language': query.locale,
    });

  const missed = new Set<string>();
  for (const query of queries) {
    // The first round also warms the server (module loading, the pool, PostgreSQL's cache) and is not timed.
    const answer = await search(query);
    const found = answer.status === 200 ? storeSearchSchema.parse(answer.body?.data) : undefined;
    const names = [...(found?.products ?? []), ...(found?.shops ?? [])].map((r) => r.name.toLowerCase());
    if (!names.some((name) => name.includes(query.expect.toLowerCase())))
      missed.add(
        `${query.kind}: "${query.q}" found ${JSON.stringify(names.slice(0, 3))} (status ${answer.status})`,
      );
  }

  const byKind = new Map<string, number[]>();
  const all: number[] = [];
  const runs = Array.from({ length: ROUNDS }, () => queries).flat();
  const load = loadAverage();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < runs.length) {
        const query = runs[next++]!;
        const t0 = performance.now();
        const answer = await search(query);
        const ms = performance.now() - t0;
        if (answer.status !== 200) missed.add(`${query.kind}: "${query.q}" (status ${answer.status})`);
        all.push(ms);
        const kind = query.kind.split(',')[0]!;
        for (const key of new Set([kind, query.kind])) {
          const sample = byKind.get(key) ?? [];
          sample.push(ms);
          byKind.set(key, sample);
        }
      }
    }),
  );
  console.log(
    `${queries.length} queries × ${ROUNDS} rounds, ${CONCURRENCY} in flight; round-trip latency in ms:`,
  );
  for (const [kind, sample] of [...byKind].sort(([a], [b]) => a.localeCompare(b)))
    console.log(`  ${kind.padEnd(16)} ${latencyFigures(sample, 1)}`);
  console.log(`  ${'all'.padEnd(16)} ${latencyFigures(all, 1)}`);
  console.log(`load average before: ${load}; after: ${loadAverage()}`);
  for (const miss of missed) console.log(`missed: ${miss}`);
  const p95 = percentile(
    [...all].sort((a, b) => a - b),
    0.95,
  );
  const pass = missed.size === 0 && p95 <= TARGET_P95_MS;
  console.log(
    `p95 ${p95.toFixed(1)} ms (target ≤ ${TARGET_P95_MS} ms), ${missed.size} queries missed: ${pass ? 'PASS' : 'FAIL'}`,
  );
  return pass ? 0 : 1;
});
