import {
  type BlockOrderCash,
  type BlockTradeKind,
  blockOrderCash,
  blockTradeMinimum,
  blockTradePriceRange,
  checkBlockOrder,
  Dec,
  type ErrorKey,
  type Instrument,
  isDecimalString,
  type MarketPhase,
  type PlaceBlockOrder,
  type Side,
} from '@bourse/shared';
import { errorText } from '../../i18n/index.ts';
import type { FieldErrors } from '../../lib/forms.ts';
import { instrumentOf, type TicketQuote } from '../trade/index.ts';

export type BlockField = 'price' | 'quantity' | 'form';

/** What the form reads of the stock's live quote: the trade ticket's. */
export type BlockQuote = TicketQuote;

/** Where the form stands: the market's phase and day, and what the account can spend or sell. */
export interface BlockContext {
  side: Side;
  kind: BlockTradeKind;
  quote: BlockQuote;
  phase: MarketPhase | null;
  tradingDate: string;
  available: string;
  sellable: number;
}

export type BlockValidation =
  | { ok: true; body: Omit<PlaceBlockOrder, 'payPassword'>; cash: BlockOrderCash }
  | { ok: false; errors: FieldErrors<BlockField> };

const QUANTITY = /^\d{1,10}$/;

/** Which field a rule's refusal belongs under. */
const FIELD_OF: Partial<Record<ErrorKey, BlockField>> = {
  'order.priceInvalid': 'price',
  'order.priceOffTick': 'price',
  'blockTrade.priceAboveRange': 'price',
  'blockTrade.priceBelowRange': 'price',
  'blockTrade.afterHoursAtClose': 'price',
  'order.quantityInvalid': 'quantity',
  'order.lotMultiple': 'quantity',
  'order.exceedsSellable': 'quantity',
  'blockTrade.belowMinimum': 'quantity',
};

/** The day's price range, the board's minimum: what the form shows beside the fields. */
export function blockTerms(instrument: Instrument, quote: BlockQuote, tradingDate: string) {
  return {
    range: blockTradePriceRange({
      instrument,
      prevClose: new Dec(quote.prevClose),
      tradingDate,
      tradingDayIndex: quote.limitUp === null ? 1 : undefined,
    }),
    minimum: blockTradeMinimum(instrument.exchange, tradingDate),
  };
}

/** The amount and fees of what is typed so far, or null while it is not a price and a quantity. */
export function liveCash(
  form: { price: string; quantity: string },
  ctx: BlockContext,
): BlockOrderCash | null {
  const instrument = instrumentOf(ctx.quote);
  const price = form.price.trim();
  const quantity = form.quantity.trim();
  if (!instrument || !isDecimalString(price) || !QUANTITY.test(quantity) || new Dec(price).lte(0))
    return null;
  return blockOrderCash({
    side: ctx.side,
    price: new Dec(price),
    quantity: Number(quantity),
    tradingDate: ctx.tradingDate,
    kind: instrument.kind,
  });
}

/**
 * The order as the server will check it (the shared block-trade rules: session, tick, range or
 * the close, lots, the board's minimum, the sellable shares), and for a buy the cash its amount
 * and fees would freeze. Each refusal is worded under the field it concerns.
 */
export function validateBlockOrder(
  form: { price: string; quantity: string },
  ctx: BlockContext,
): BlockValidation {
  const errors: FieldErrors<BlockField> = {};
  const price = form.price.trim();
  const quantity = form.quantity.trim();
  if (!isDecimalString(price)) errors.price = errorText('order.priceInvalid');
  if (!QUANTITY.test(quantity) || Number(quantity) === 0)
    errors.quantity = errorText('order.quantityInvalid');
  const instrument = instrumentOf(ctx.quote);
  if (!instrument) errors.form = errorText('order.symbolNotTradable', { symbol: ctx.quote.symbol });
  if (errors.price || errors.quantity || !instrument) return { ok: false, errors };
  const check = checkBlockOrder({
    instrument,
    kind: ctx.kind,
    side: ctx.side,
    price: new Dec(price),
    quantity: Number(quantity),
    tradingDate: ctx.tradingDate,
    phase: ctx.phase,
    prevClose: new Dec(ctx.quote.prevClose),
    close: new Dec(ctx.quote.price),
    unbanded: ctx.quote.limitUp === null,
    sellable: ctx.sellable,
  });
  if (!check.ok)
    return { ok: false, errors: { [FIELD_OF[check.key] ?? 'form']: errorText(check.key, check.params) } };
  const cash = blockOrderCash({
    side: ctx.side,
    price: new Dec(price),
    quantity: Number(quantity),
    tradingDate: ctx.tradingDate,
    kind: instrument.kind,
  });
  if (cash.frozen.gt(ctx.available)) {
    return {
      ok: false,
      errors: {
        quantity: errorText('order.insufficientCash', {
          needed: cash.frozen.toFixed(2),
          available: new Dec(ctx.available).toFixed(2),
        }),
      },
    };
  }
  return {
    ok: true,
    body: { symbol: ctx.quote.symbol, side: ctx.side, kind: ctx.kind, price, quantity: Number(quantity) },
    cash,
  };
}
