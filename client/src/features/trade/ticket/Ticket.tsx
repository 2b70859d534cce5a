import {
  Dec,
  type Instrument,
  type MarketPhase,
  type OrderType,
  type OrderView,
  type Side,
} from '@bourse/shared';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n/index.ts';
import { money, shares } from '../../../lib/accountFormat.ts';
import { DASH, formatPrice } from '../../../lib/format.ts';
import { isApiError, messageOf } from '../../../lib/http/ApiError.ts';
import { Button } from '../../../shared-ui/Button.tsx';
import { Segmented } from '../../../shared-ui/Segmented.tsx';
import { toast } from '../../../shared-ui/toast/toastStore.ts';
import { type Quote, useMarketStore } from '../../market/index.ts';
import { OrderBook } from '../../stock/index.ts';
import { newIdempotencyKey, placeOrder } from '../data/tradingApi.ts';
import { noteOrder } from '../data/tradingStore.ts';
import { type Confirmation, ConfirmSheet } from './ConfirmSheet.tsx';
import { Stepper } from './Stepper.tsx';
import {
  afterHoursOffered,
  estimate,
  limitsOf,
  maxBuyable,
  parsePrice,
  priceText,
  quantityRange,
  reservePriceOf,
  SHORTCUTS,
  shortcutQuantity,
  stepPrice,
  stepQuantity,
  ticketProblem,
} from './ticketMath.ts';

export interface TicketProps {
  symbol: string;
  side: Side;
  quote: Quote;
  instrument: Instrument;
  tradingDate: string;
  phase: MarketPhase | null;
  available: Dec;
  sellable: number;
}

const QUANTITY = /^\d{1,9}$/;

/** What the toast says about the order the server answered with. */
function resultText(order: OrderView, t: TFunction): string {
  const filled = shares(order.filledQuantity);
  switch (order.status) {
    case 'filled':
      return t('trade.result.filled', {
        quantity: filled,
        price: order.averagePrice === null ? '' : formatPrice(order.averagePrice),
      });
    case 'partially_filled':
      return t('trade.result.partial', { filled, quantity: shares(order.quantity) });
    case 'pending':
      return t('trade.result.placed');
    case 'cancelled':
      return order.filledQuantity > 0
        ? t('trade.result.partialCancelled', { filled })
        : t('trade.result.notFilled');
    case 'rejected':
      return t('trade.result.rejected');
  }
}

/**
 * The order form beside the five-level book: price by tick inside the day's limits, quantity
 * by lot with shortcuts, the estimate, and the rules' verdict before anything is sent. A tap on
 * a book level takes its price.
 */
export function Ticket(props: TicketProps) {
  const { symbol, side, quote, instrument, tradingDate, available, sellable } = props;
  const { t } = useTranslation();
  const [type, setType] = useState<OrderType>('limit');
  const [price, setPrice] = useState(quote.price);
  const [quantity, setQuantity] = useState('');
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [sending, setSending] = useState(false);
  const [afterHoursChosen, setAfterHours] = useState(false);
  const book = useMarketStore((s) => s.books[symbol]) ?? null;

  const { kind } = instrument;
  const offersAfterHours = afterHoursOffered(instrument, tradingDate, props.phase);
  // From 15:05 every order is an after-hours one.
  const afterHours = offersAfterHours && (afterHoursChosen || props.phase === 'afterHoursFixed');
  const limits = limitsOf(quote);
  const range = quantityRange({ instrument, tradingDate, side, type, sellable });
  const typedPrice = parsePrice(price);
  const reservePrice = reservePriceOf(type, side, typedPrice, limits);
  const capacity =
    side === 'sell'
      ? sellable
      : reservePrice
        ? maxBuyable({ available, reservePrice, kind, tradingDate, range })
        : 0;
  const count = QUANTITY.test(quantity.trim()) ? Number(quantity.trim()) : 0;
  const estimatePrice = type === 'limit' ? typedPrice : new Dec(quote.price);
  const est =
    estimatePrice && count > 0
      ? estimate({ side, kind, tradingDate, price: estimatePrice, quantity: count })
      : null;
  const problem = ticketProblem({ ...props, type, price, quantity, afterHours, book });
  // Say nothing about an untouched quantity; a price the user changed is checked as it is typed.
  const shownProblem =
    problem && (quantity.trim() !== '' || problem.key.startsWith('order.price')) ? problem : null;

  const stepThePrice = (direction: 1 | -1) =>
    setPrice(priceText(stepPrice(typedPrice ?? new Dec(quote.price), direction, kind, limits), kind));
  const stepTheQuantity = (direction: 1 | -1) => {
    const next = stepQuantity(count, direction, range);
    setQuantity(next > 0 ? String(next) : '');
  };

  const review = (event: FormEvent) => {
    event.preventDefault();
    if (problem || !est) return;
    setConfirmation({
      order: {
        symbol,
        side,
        type,
        ...(type === 'limit' && typedPrice ? { price: priceText(typedPrice, kind) } : {}),
        quantity: count,
        ...(afterHours ? { afterHours } : {}),
      },
      name: quote.name,
      estimate: est,
      key: newIdempotencyKey(),
    });
  };

  const send = async () => {
    if (!confirmation) return;
    setSending(true);
    try {
      const order = await placeOrder(confirmation.order, confirmation.key);
      noteOrder(order);
      toast.success(resultText(order, t));
      setConfirmation(null);
      setQuantity('');
    } catch (error) {
      // The HTTP client has shown the server's reason; the sheet stays, and Confirm retries with the same key.
      if (!isApiError(error)) toast.fail(messageOf(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="ticket-columns">
      <form className="ticket" onSubmit={review} noValidate data-testid="ticket">
        <Segmented
          options={(['limit', 'market'] as const).map((value) => ({
            value,
            label: t(`trade.type.${value}`),
          }))}
          value={type}
          onChange={setType}
          label={t('trade.typeLabel')}
          testId="ticket-type"
          inline
        />
        <Stepper
          label={t('trade.price')}
          value={type === 'limit' ? price : ''}
          onChange={setPrice}
          onStep={stepThePrice}
          inputMode="decimal"
          placeholder={type === 'market' ? t('trade.marketPrice') : undefined}
          disabled={type === 'market'}
          testId="ticket-price"
        />
        <p className="ticket__limits" data-testid="ticket-limits">
          <span>
            {t('stock.limitUp')}{' '}
            <span className="price-up">
              {quote.limitUp === null ? t('stock.noLimit') : formatPrice(quote.limitUp)}
            </span>
          </span>
          <span>
            {t('stock.limitDown')}{' '}
            <span className="price-down">
              {quote.limitDown === null ? t('stock.noLimit') : formatPrice(quote.limitDown)}
            </span>
          </span>
        </p>
        <Stepper
          label={t('trade.quantity')}
          value={quantity}
          onChange={setQuantity}
          onStep={stepTheQuantity}
          inputMode="numeric"
          placeholder={t('trade.quantityHint', { lot: range.lot.min })}
          testId="ticket-quantity"
        />
        <div className="ticket__shortcuts">
          {SHORTCUTS.map(({ id, divisor }) => {
            const value = shortcutQuantity(capacity, divisor, range);
            return (
              <button
                key={id}
                type="button"
                className="ticket__shortcut"
                disabled={value === 0}
                onClick={() => setQuantity(String(value))}
                data-testid={`ticket-shortcut-${id}`}
              >
                {t(`trade.shortcut.${id}`)}
              </button>
            );
          })}
        </div>
        {offersAfterHours ? (
          <label className="ticket__after-hours" title={t('trade.afterHoursHint')}>
            <input
              type="checkbox"
              checked={afterHours}
              disabled={props.phase === 'afterHoursFixed'}
              onChange={(event) => setAfterHours(event.target.checked)}
              data-testid="ticket-after-hours"
            />
            <span>{t('trade.afterHours')}</span>
          </label>
        ) : null}
        <dl className="ticket__facts">
          {side === 'buy' ? (
            <>
              <div>
                <dt>{t('trade.available')}</dt>
                <dd data-testid="ticket-available">{money(available.toFixed(2))}</dd>
              </div>
              <div>
                <dt>{t('trade.canBuy')}</dt>
                <dd data-testid="ticket-capacity">{shares(capacity)}</dd>
              </div>
            </>
          ) : (
            <div>
              <dt>{t('trade.sellable')}</dt>
              <dd data-testid="ticket-capacity">{shares(sellable)}</dd>
            </div>
          )}
          <div>
            <dt>{t('trade.estAmount')}</dt>
            <dd data-testid="ticket-amount">{est ? money(est.amount.toFixed(2)) : DASH}</dd>
          </div>
          <div>
            <dt>{t('trade.estFees')}</dt>
            <dd data-testid="ticket-fees">{est ? money(est.fees.total.toFixed(2)) : DASH}</dd>
          </div>
        </dl>
        {shownProblem ? (
          <p className="ticket__problem" role="alert" data-testid="ticket-problem">
            {errorText(shownProblem.key, shownProblem.params)}
          </p>
        ) : null}
        <Button
          type="submit"
          block
          className={`button--${side}`}
          disabled={problem !== null || est === null}
          testId="ticket-submit"
        >
          {t(side === 'buy' ? 'trade.buy' : 'trade.sell')}
        </Button>
      </form>
      <OrderBook
        symbol={symbol}
        prevClose={quote.prevClose}
        onPick={(picked) => {
          setType('limit');
          setPrice(picked);
        }}
      />
      {confirmation ? (
        <ConfirmSheet
          confirmation={confirmation}
          busy={sending}
          onConfirm={send}
          onClose={() => setConfirmation(null)}
        />
      ) : null}
    </div>
  );
}
