import { decimalToCents } from '@bourse/shared';
import type { IndexQuote } from '../feed/index.ts';
import type { MinuteBuilder } from './minuteBuilder.ts';

/**
 * An index's minute bars from its quotes: an index does not trade, so each quote counts as a
 * trade at its value, of what its constituents traded (shares and CNY) since its previous quote.
 * Quotes are cumulative for the day, so the first one counted must follow a `baseline` of where
 * the day stood (a replay that starts mid-day), or the day's start.
 */
export class IndexMinutes {
  private readonly totals = new Map<string, { volume: number; turnover: number }>();

  constructor(private readonly minutes: MinuteBuilder) {}

  /** Where the day stands, recording nothing: counting starts from here. */
  baseline(indices: readonly IndexQuote[]): void {
    for (const q of indices)
      this.totals.set(q.symbol, { volume: q.volume, turnover: decimalToCents(q.turnover) });
  }

  record(indices: readonly IndexQuote[]): void {
    for (const q of indices) {
      const before = this.totals.get(q.symbol) ?? { volume: 0, turnover: 0 };
      const volume = q.volume - before.volume;
      // Nothing traded, nothing moved: a bar without volume could not hold a value anyway.
      if (volume <= 0) continue;
      const turnover = decimalToCents(q.turnover);
      this.totals.set(q.symbol, { volume: q.volume, turnover });
      this.minutes.trade(q.symbol, decimalToCents(q.value), volume, q.time, turnover - before.turnover);
    }
  }
}
