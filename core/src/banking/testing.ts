/** Test helpers of bank cards and transfers, for the server's and the workers' tests. */
import { randomInt, randomUUID } from 'node:crypto';
import { BANK_BINS, type BankCode, luhnCheckDigit } from '@bourse/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { queryRows } from '../db/rows.ts';
import { givePayPassword, testPayPasswordContext, verifyUser } from '../identity/testing.ts';
import { auditLedger, type LedgerAudit } from '../ledger/audit.ts';
import type { Db } from '../platform/database.ts';
import type { ApiClient, ApiResponse } from '../testing/api.ts';
import { redisMarketView } from '../trading/marketView.ts';
import { type BankingDeps, DEFAULT_REQUEST_TTL_MS } from './bankingDeps.ts';
import { transferQueue } from './transferQueue.ts';

/** A valid card number of `bank` (random digits after its first BIN, correct check digit). */
export function sampleCardNumber(bank: BankCode = 'ICBC'): string {
  const card = BANK_BINS.find((b) => b.bank === bank)?.cards[0];
  const prefix = card?.prefixes[0];
  if (!card || !prefix) throw new Error(`no BIN for ${bank}`);
  let partial = prefix;
  while (partial.length < card.length - 1) partial += String(randomInt(10));
  return partial + luhnCheckDigit(partial);
}

export { givePayPassword, verifyUser } from '../identity/testing.ts';
export { deposit } from '../ledger/ledger.ts';
export { DB_KINDS, openTestDatabase, scratchPostgres } from '../testing/testDatabase.ts';
export { createUser } from '../trading/testing/serviceDeps.ts';
export { advanceTransfer, settleAnswer } from './advance.ts';
export { bindCard } from './cards.ts';
export { settleTransfer } from './settle.ts';
export { requestTransfer } from './transfers.ts';

/** Banking dependencies for service-level tests: the real queue and market view, events and messages dropped. */
export function serviceBankingDeps(
  db: Db,
  redis: Redis,
  redisPrefix: string,
  requestTtlMs = DEFAULT_REQUEST_TTL_MS,
): BankingDeps {
  return {
    db,
    payPassword: testPayPasswordContext(db, redis, redisPrefix),
    market: redisMarketView(redis, redisPrefix),
    queue: transferQueue(redis, redisPrefix),
    events: { publish: () => undefined },
    messages: { publish: () => undefined },
    requestTtlMs,
  };
}

/** A signed-up user of the API doing their banking through HTTP, as the screens do. */
export class BankCustomer {
  constructor(
    readonly api: ApiClient,
    readonly token: string,
    readonly userId: string,
    readonly realName: string,
  ) {}

  /** Signs up (with the demo's starting deposit); verified in `realName` and with payment password `payPassword` unless told otherwise. */
  static async signUp(
    t: { api: ApiClient; database: { db: Db } },
    options: { verified?: boolean; realName?: string; payPassword?: string | null } = {},
  ): Promise<BankCustomer> {
    const { token, user } = await t.api.signUp();
    const realName = options.realName ?? '李雷';
    if (options.verified ?? true) await verifyUser(t.database.db, user.id, realName);
    const payPassword = options.payPassword === undefined ? PAY_PASSWORD : options.payPassword;
    if (payPassword !== null) await givePayPassword(t.database.db, user.id, payPassword);
    return new BankCustomer(t.api, token, user.id, realName);
  }

  private options(lang?: string, headers: Record<string, string> = {}) {
    return { token: this.token, lang, headers };
  }

  bind(cardNumber: string, holderName: string = this.realName, lang?: string): Promise<ApiResponse> {
    return this.api.post('/api/bank/cards', { cardNumber, holderName }, this.options(lang));
  }

  cards(lang?: string): Promise<ApiResponse> {
    return this.api.get('/api/bank/cards', this.options(lang));
  }

  unbind(id: string, lang?: string): Promise<ApiResponse> {
    return this.api.post('/api/bank/cards/unbind', { id }, this.options(lang));
  }

  setDefault(id: string, lang?: string): Promise<ApiResponse> {
    return this.api.post('/api/bank/cards/default', { id }, this.options(lang));
  }

  /** A fresh Idempotency-Key unless `key` is given (null: none sent). */
  transfer(body: unknown, options: { key?: string | null; lang?: string } = {}): Promise<ApiResponse> {
    const key = options.key === undefined ? randomUUID() : options.key;
    const headers: Record<string, string> = key === null ? {} : { 'Idempotency-Key': key };
    return this.api.post('/api/bank/transfers', body, this.options(options.lang, headers));
  }

  transfers(query = ''): Promise<ApiResponse> {
    return this.api.get(`/api/bank/transfers${query}`, this.options());
  }

  account(): Promise<ApiResponse> {
    return this.api.get('/api/trade/account', this.options());
  }
}

/** The payment password BankCustomer sets. */
export const PAY_PASSWORD = '135790';

export interface BankingAudit {
  ledger: LedgerAudit;
  /** Users whose frozen cash is not the sum of their transfers out in flight (tests without orders). */
  frozenMismatches: number;
  /** Transfers whose journal entries do not match their direction and status, or move another amount. */
  wrongEntries: number;
}

/** What must hold once no transfer is moving: a healthy state is the ledger's audit clean and two zeros. */
export async function auditBanking(db: Db): Promise<BankingAudit> {
  const count = async (query: SQL) => Number((await queryRows<{ n: string | number }>(db, query))[0]?.n ?? 0);
  const [ledger, frozenMismatches, wrongEntries] = await Promise.all([
    auditLedger(db),
    count(sql`
      select count(*) as n from ledger_accounts a
      left join (select user_id, sum(amount) as reserved from bank_transfers
                 where direction = 'out' and status = 'auditing' group by user_id) t on t.user_id = a.user_id
      where a.kind = 'frozen' and a.balance <> coalesce(t.reserved, 0)`),
    count(sql`
      with moved as (
        select e.id, sum(p.amount) filter (where a.kind = 'available') as available,
               sum(p.amount) filter (where a.kind = 'frozen') as frozen
        from journal_entries e join postings p on p.entry_id = e.id join ledger_accounts a on a.id = p.account_id
        group by e.id)
      select count(*) as n from bank_transfers t
      left join moved f on f.id = t.freeze_entry_id
      left join moved s on s.id = t.settle_entry_id
      where (t.direction = 'out') <> (t.freeze_entry_id is not null)
         or (t.direction = 'out' and (f.available <> -t.amount or f.frozen <> t.amount))
         or (t.status = 'auditing' and t.settle_entry_id is not null)
         or (t.direction = 'in' and t.status = 'refused' and t.settle_entry_id is not null)
         or (t.status <> 'auditing' and not (t.direction = 'in' and t.status = 'refused') and t.settle_entry_id is null)
         or (t.direction = 'in' and t.status = 'passed' and s.available <> t.amount)
         or (t.direction = 'out' and t.status = 'passed' and (s.frozen <> -t.amount or s.available is not null))
         or (t.direction = 'out' and t.status = 'refused' and (s.frozen <> -t.amount or s.available <> t.amount))`),
  ]);
  return { ledger, frozenMismatches, wrongEntries };
}

/** The audit of a healthy ledger with every transfer's entries right. */
export const HEALTHY: BankingAudit = {
  ledger: {
    total: '0.00',
    driftedAccounts: [],
    unbalancedEntries: [],
    negativeAccounts: [],
    escrowGap: '0.00',
    ordersOff: [],
  },
  frozenMismatches: 0,
  wrongEntries: 0,
};
