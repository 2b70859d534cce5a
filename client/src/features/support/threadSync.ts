import type { SupportMessage, SupportSyncReply } from '@bourse/shared';
import type { Logger } from '../market/index.ts';
import { followsGap, lastSeqOf } from './thread.ts';

export interface ThreadSyncDeps {
  /** The messages held, by seq. */
  held(): readonly SupportMessage[];
  /** Adds the messages of a sync reply (or one live message) and its read marks. */
  apply(reply: Pick<SupportSyncReply, 'messages'> & Partial<SupportSyncReply>): void;
  /** Asks the server for the messages after `afterSeq`. */
  fetch(afterSeq: number): Promise<SupportSyncReply>;
  /** False once the thread is given up (logout, another conversation opened). */
  live(): boolean;
  logger: Logger;
}

/**
 * Keeps one conversation whole, as the market stream does its quotes: a live message that
 * follows the last seq held is added; one after a gap, a reconnect, or a message that came
 * another way asks for everything after the last seq held, page by page. A resync asked for
 * while one runs makes it run once more after, so nothing that arrived meanwhile is missed.
 */
export class ThreadSync {
  private running: Promise<void> | null = null;
  private again = false;

  constructor(private readonly deps: ThreadSyncDeps) {}

  take(message: SupportMessage): void {
    if (followsGap(this.deps.held(), message)) void this.resync();
    else this.deps.apply({ messages: [message] });
  }

  resync(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const run = async () => {
      do {
        this.again = false;
        let reply: SupportSyncReply;
        do {
          reply = await this.deps.fetch(lastSeqOf(this.deps.held()));
          if (!this.deps.live()) return;
          this.deps.apply(reply);
        } while (reply.more);
      } while (this.again && this.deps.live());
    };
    this.running = run()
      .catch((error: unknown) => this.deps.logger.warn('support: sync failed', error))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }
}
