import { memo, useRef } from 'react';
import { Link } from 'react-router-dom';
import { DASH, formatCompact, formatPct, formatPrice, trendClass, trendOf } from '../../lib/format.ts';
import { NameCode } from '../../shared-ui/NameCode.tsx';
import { useQuote } from './data/hooks.ts';
import type { Quote } from './data/marketStore.ts';
import './market.css';

/**
 * The flash class for a price cell: it names the direction and the parity of the change count,
 * so each change swaps the animation name and CSS restarts it (no timer per cell). Nothing
 * flashes for changes that happened before the row was mounted.
 */
export function useFlash(quote: Quote | undefined): string {
  const base = useRef<number | null>(null);
  if (base.current === null && quote) base.current = quote.moves;
  if (!quote || base.current === null || quote.moves === base.current || quote.move === 0) return '';
  return `flash flash--${quote.move > 0 ? 'up' : 'down'}-${quote.moves % 2}`;
}

/** One row of the market list: name and code, price, change %, turnover; live. */
export const QuoteRow = memo(function QuoteRow({
  symbol,
  top,
  height,
  locale,
}: {
  symbol: string;
  top: number;
  height: number;
  locale: string;
}) {
  const quote = useQuote(symbol);
  const flash = useFlash(quote);
  const trend = trendClass(trendOf(quote?.pct));
  return (
    <Link
      to={`/stockInfo/${symbol}`}
      className="quote-row"
      style={{ transform: `translateY(${top}px)`, height }}
      data-testid="quote-row"
      data-symbol={symbol}
    >
      <NameCode name={quote?.name ?? DASH} symbol={symbol} />
      <span className={`quote-row__price ${trend}`}>
        <span className={flash} data-testid="quote-price">
          {formatPrice(quote?.price, locale)}
        </span>
      </span>
      <span className="quote-row__pct">
        <span className={`pct-badge pct-badge--${trendOf(quote?.pct)}`} data-testid="quote-pct">
          {formatPct(quote?.pct, undefined, locale)}
        </span>
      </span>
      <span className="quote-row__turnover">{formatCompact(quote?.turnover, locale)}</span>
    </Link>
  );
});
