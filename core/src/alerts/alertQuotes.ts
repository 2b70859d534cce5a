import { type FeedQuote, isDecimalString } from '@bourse/shared';

/** What an alert reads of a quote: a FeedQuote is one. */
export type AlertQuote = Pick<
  FeedQuote,
  'symbol' | 'price' | 'pct' | 'limitUp' | 'limitDown' | 'time' | 'ts'
>;

const isDecimal = (value: unknown): value is string => typeof value === 'string' && isDecimalString(value);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * A quotes channel message (`{ quotes: [...] }`) read for the alert evaluator: only the seven
 * fields an alert reads, checked by feedQuoteSchema's rules for them, and no copy of the book.
 * The evaluator hears the whole universe every publish, so reading less is most of its work
 * saved. A message with any bad quote is dropped whole (undefined), as readFeedQuotesMessage does.
 */
export function readAlertQuotes(text: string): AlertQuote[] | undefined {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return undefined;
  }
  const values = (message as { quotes?: unknown } | null)?.quotes;
  if (!Array.isArray(values)) return undefined;
  const quotes: AlertQuote[] = [];
  for (const q of values as Record<string, unknown>[]) {
    if (
      typeof q !== 'object' ||
      q === null ||
      typeof q.symbol !== 'string' ||
      !isDecimal(q.price) ||
      !isDecimal(q.pct) ||
      !(q.limitUp === null || isDecimal(q.limitUp)) ||
      !(q.limitDown === null || isDecimal(q.limitDown)) ||
      !isNumber(q.time) ||
      !isNumber(q.ts)
    )
      return undefined;
    quotes.push(q as unknown as AlertQuote);
  }
  return quotes;
}
