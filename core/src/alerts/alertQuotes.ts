import type { FeedQuote } from '@bourse/shared';
import { isDecimal, isNullableDecimal, isNumber } from '../market/feedQuote.ts';
import { readWireMessage, wireQuoteRow } from '../market/feedWire.ts';

/** What an alert reads of a quote: a FeedQuote is one. */
export type AlertQuote = Pick<
  FeedQuote,
  'symbol' | 'price' | 'pct' | 'limitUp' | 'limitDown' | 'time' | 'ts'
>;

/** One quote's row of the wire (QUOTE_WIRE_FIELDS), read for the seven fields an alert reads. */
function readAlertRow(value: unknown): AlertQuote | undefined {
  const row = wireQuoteRow(value);
  if (!row) return undefined;
  const [symbol, , , ts, time, price, , pct]: unknown[] = row;
  const limitUp: unknown = row[15];
  const limitDown: unknown = row[16];
  if (
    typeof symbol !== 'string' ||
    !isNumber(ts) ||
    !isNumber(time) ||
    !isDecimal(price) ||
    !isDecimal(pct) ||
    !isNullableDecimal(limitUp) ||
    !isNullableDecimal(limitDown)
  )
    return undefined;
  return { symbol, price, pct, limitUp, limitDown, time, ts };
}

/**
 * A quotes channel message (feedWire.ts) read for the alert evaluator: only the seven fields an
 * alert reads, checked by feedQuoteSchema's rules for them, and no object made of the book. The
 * evaluator hears every quote of the shards with alerts each publish, so reading less is most of
 * its work saved. A message with any bad quote is dropped whole (undefined), as readWireQuotes does.
 */
export const readAlertQuotes = (text: string): AlertQuote[] | undefined =>
  readWireMessage(text, readAlertRow);
