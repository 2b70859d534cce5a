import {
  ALERT_CHANGES_CHANNEL,
  type AlertChannel,
  AlertIndex,
  claimFirings,
  enabledAlerts,
  enabledAlertsAmong,
  type Firing,
  indexedAlert,
  pushAlertChannel,
  readAlertQuotes,
  socketAlertChannel,
} from '@bourse/core/alerts';
import type { Database } from '@bourse/core/platform';
import { logger } from '@bourse/core/platform';
import { ThrottledWarning } from '@bourse/core/platform/throttledWarning.ts';
import { FEED_KEYS, FEED_SHARDS, parseJson } from '@bourse/shared';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { type BackgroundService, subscribingService } from '../service.ts';

export interface EvaluatorOptions {
  redisPrefix: string;
  /** How often the whole index is rebuilt from PostgreSQL, mending any change message lost. */
  reloadMs?: number;
  /** Where claimed firings go besides the inbox; the /user socket unless told otherwise. */
  channels?: readonly AlertChannel[];
  /** Told the cost of each feed message: reading it and evaluating the index on it (no I/O). */
  onEvaluated?: (cost: { readMs: number; evaluateMs: number; quotes: number; firings: number }) => void;
}

const changesSchema = z.object({ ids: z.array(z.uuid()) });

/**
 * Watches the live feed for price alerts. Holds every enabled alert in an AlertIndex, loaded from
 * PostgreSQL at start, on every reconnect of its subscriber and every `reloadMs`, and kept
 * current between by the change stream (changes.ts). Each quotes message is evaluated against
 * the index; the firings are claimed in PostgreSQL (claim.ts), and only those won are handed to
 * the delivery channels. Every replica evaluates every quote: the claim, not a lock, makes each
 * firing delivered once, so a replica may stop or restart at any moment without a gap.
 */
export class AlertEvaluator {
  private index = new AlertIndex();
  /** Ids changed while a reload reads: re-read once it is in place, it may have read them stale. */
  private changedDuringReload: Set<string> | null = null;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private connectedOnce = false;
  private inFlight = new Set<Promise<unknown>>();
  /** Feed shards subscribed: those with alerts. With none, the feed costs this process nothing. */
  private readonly listening = new Set<number>();
  private readonly channels: readonly AlertChannel[];
  private readonly failed = new ThrottledWarning('alerts: evaluation work failed');
  private readonly unparsed = new ThrottledWarning('alerts: dropped a feed message that does not parse');

  constructor(
    private readonly database: Database,
    redis: Redis,
    private readonly subscriber: Redis,
    private readonly options: EvaluatorOptions,
  ) {
    this.channels = options.channels ?? [
      socketAlertChannel(redis, options.redisPrefix),
      pushAlertChannel(redis, options.redisPrefix),
    ];
  }

  private key(name: string): string {
    return `${this.options.redisPrefix}${name}`;
  }

  /** Alerts in the index now. */
  get size(): number {
    return this.index.size;
  }

  private quotesChannel(shard: number): string {
    return this.key(FEED_KEYS.quotesChannel(shard));
  }

  async start(): Promise<void> {
    const quoteChannels = new Set<string>();
    for (let shard = 0; shard < FEED_SHARDS; shard++) quoteChannels.add(this.quotesChannel(shard));
    const changesChannel = this.key(ALERT_CHANGES_CHANNEL);
    this.subscriber.on('message', (channel: string, text: string) => {
      if (quoteChannels.has(channel)) this.onQuotes(text);
      else if (channel === changesChannel) this.onChanges(text);
    });
    // Messages missed while disconnected are mended by a reload on every reconnect.
    this.subscriber.on('ready', () => {
      if (this.connectedOnce) this.track(this.reload());
    });
    await this.subscriber.subscribe(changesChannel);
    this.connectedOnce = true;
    await this.reload();
    this.timer = setInterval(() => this.track(this.reload()), this.options.reloadMs ?? 300_000);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.subscriber
      .unsubscribe()
      .catch((err: Error) => logger.warn({ err: err.message }, 'alerts: unsubscribe failed while stopping'));
    // Claims in hand finish and deliver: a claimed firing is never left undelivered by a stop.
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private track(work: Promise<unknown>): void {
    const guarded = work.catch((err: Error) => this.failed.warn({ err: err.message }));
    this.inFlight.add(guarded);
    void guarded.finally(() => this.inFlight.delete(guarded));
  }

  /** Rebuilds the index from PostgreSQL, then re-reads what changed meanwhile. */
  private async reload(): Promise<void> {
    if (this.changedDuringReload) return;
    this.changedDuringReload = new Set();
    try {
      const started = performance.now();
      const next = AlertIndex.of((await enabledAlerts(this.database.db)).map(indexedAlert));
      this.index = next;
      logger.info({ alerts: next.size, ms: Math.round(performance.now() - started) }, 'alerts: index loaded');
    } finally {
      const changed = this.changedDuringReload;
      this.changedDuringReload = null;
      if (changed.size > 0) await this.refresh([...changed]);
    }
    await this.followShards();
  }

  /** Listens to the feed shards that carry alerts, and to no other (ioredis keeps them across reconnects). */
  private async followShards(): Promise<void> {
    if (this.stopped) return;
    const wanted = this.index.shards();
    const join = [...wanted].filter((shard) => !this.listening.has(shard));
    const leave = [...this.listening].filter((shard) => !wanted.has(shard));
    for (const shard of join) this.listening.add(shard);
    for (const shard of leave) this.listening.delete(shard);
    if (join.length > 0) await this.subscriber.subscribe(...join.map((shard) => this.quotesChannel(shard)));
    if (leave.length > 0)
      await this.subscriber.unsubscribe(...leave.map((shard) => this.quotesChannel(shard)));
  }

  /** Re-reads some alerts: enabled ones go (back) in with their stored state, the others out. */
  private async refresh(ids: readonly string[]): Promise<void> {
    if (this.changedDuringReload) {
      for (const id of ids) this.changedDuringReload.add(id);
      return;
    }
    const rows = await enabledAlertsAmong(this.database.db, ids);
    const enabled = new Map(rows.map((row) => [row.id, row]));
    for (const id of ids) {
      const row = enabled.get(id);
      if (row) this.index.put(indexedAlert(row));
      else this.index.remove(id);
    }
    await this.followShards();
  }

  private onChanges(text: string): void {
    const message = parseJson(changesSchema, text);
    if (message) this.track(this.refresh(message.ids));
    else this.unparsed.warn({ channel: ALERT_CHANGES_CHANNEL });
  }

  private onQuotes(text: string): void {
    if (this.stopped) return;
    const started = performance.now();
    const quotes = readAlertQuotes(text);
    if (!quotes) {
      this.unparsed.warn({ channel: 'quotes' });
      return;
    }
    const read = performance.now();
    const firings = this.index.evaluate(quotes);
    this.options.onEvaluated?.({
      readMs: read - started,
      evaluateMs: performance.now() - read,
      quotes: quotes.length,
      firings: firings.length,
    });
    if (firings.length > 0) this.track(this.fire(firings));
  }

  /** Claims the firings, settles the index with the answer and delivers the ones won. */
  private async fire(firings: readonly Firing[]): Promise<void> {
    const ids = firings.map((f) => f.alert.id);
    let claimed: Awaited<ReturnType<typeof claimFirings>>;
    try {
      claimed = await claimFirings(this.database.db, firings);
    } catch (err) {
      // Nothing was claimed: put the alerts back as stored, to fire on a later quote.
      await this.refresh(ids);
      throw err;
    }
    const won = new Set(claimed.map((c) => c.event.alertId));
    for (const { alert, quote } of firings) if (won.has(alert.id)) this.index.fired(alert.id, quote.time);
    await this.followShards();
    // Lost to another replica (or changed by the user meanwhile): take the stored state. The
    // winner announces nothing: every replica hears the same quote and learns it here.
    const lost = ids.filter((id) => !won.has(id));
    if (lost.length > 0) await this.refresh(lost);
    if (claimed.length === 0) return;
    await Promise.all(this.channels.map((channel) => channel.deliver(claimed)));
  }
}

/** The price-alert evaluator as a background service of the workers process. */
export function alertEvaluatorService(options: Partial<EvaluatorOptions> = {}): BackgroundService {
  return subscribingService(
    'alerts',
    (context, redis, subscriber) =>
      new AlertEvaluator(context.database, redis, subscriber, {
        ...options,
        redisPrefix: options.redisPrefix ?? context.redisPrefix,
      }),
  );
}
