import {
  DEFAULT_LOCALE,
  formatMoney,
  isLocale,
  type MessageView,
  messageParamsSchemas,
  type PushPayload,
  type RefundStep,
} from '@bourse/shared';
import { PUSH_TEXTS, type PushCatalogue } from './pushTexts.ts';

type Values = Record<string, string>;
type Worded = { title: keyof PushCatalogue; body: keyof PushCatalogue; values: Values; url: string };

/** Amounts and share counts read with thousands separators, as in the app. */
const cash = (amount: string) => formatMoney(amount);
const count = (shares: string) => formatMoney(shares, 0);

/** The refund steps a notification reports, and its text. */
const REFUND_PUSHED_STEPS = {
  approved: 'refundApproved',
  refused: 'refundRefused',
  refunded: 'refundRefunded',
  escalationApproved: 'refundEscalationApproved',
  escalationUpheld: 'refundEscalationUpheld',
} as const satisfies Partial<Record<RefundStep, keyof PushCatalogue>>;

/** Which texts a message takes, its values, and the page a tap opens; null when its params do not fit. */
function wording(message: Pick<MessageView, 'kind' | 'params'>): Worded | null {
  switch (message.kind) {
    case 'fill': {
      const p = messageParamsSchemas.fill.safeParse(message.params);
      if (!p.success) return null;
      const { side, quantity, ...rest } = p.data;
      const values = { ...rest, quantity: count(quantity) };
      return {
        title: 'fillTitle',
        body: side === 'buy' ? 'fillBuy' : 'fillSell',
        values,
        url: '/transaction',
      };
    }
    case 'blockTradeResult': {
      const p = messageParamsSchemas.blockTradeResult.safeParse(message.params);
      if (!p.success) return null;
      const { name, symbol, price, quantity, status } = p.data;
      return {
        title: 'blockTitle',
        body: status === 'settled' ? 'blockSettled' : 'blockRefused',
        values: { name, symbol, price, quantity: count(quantity) },
        url: '/shares/dzjy-record',
      };
    }
    case 'ipoNumbers': {
      const p = messageParamsSchemas.ipoNumbers.safeParse(message.params);
      if (!p.success) return null;
      const { name, symbol, firstNumber, lastNumber, numbers } = p.data;
      return {
        title: 'ipoNumbersTitle',
        body: 'ipoNumbers',
        values: { name, symbol, numbers: count(numbers), first: firstNumber, last: lastNumber },
        url: '/ucenter/shengou',
      };
    }
    case 'allotmentResult': {
      const p = messageParamsSchemas.allotmentResult.safeParse(message.params);
      if (!p.success) return null;
      const { name, symbol, allottedShares, amount, paymentDate } = p.data;
      return {
        title: 'allotmentTitle',
        body: allottedShares === '0' ? 'allotmentLost' : 'allotmentWon',
        values: { name, symbol, shares: count(allottedShares), amount: cash(amount), date: paymentDate },
        url: '/ucenter/shengou',
      };
    }
    case 'paymentResult': {
      const p = messageParamsSchemas.paymentResult.safeParse(message.params);
      if (!p.success) return null;
      const { name, symbol, paidShares, abandonedShares } = p.data;
      return {
        title: 'paymentResultTitle',
        body: 'paymentResult',
        values: { name, symbol, paid: count(paidShares), abandoned: count(abandonedShares) },
        url: '/ucenter/shengou',
      };
    }
    case 'paymentDue': {
      const p = messageParamsSchemas.paymentDue.safeParse(message.params);
      if (!p.success) return null;
      const { name, symbol, amount, paymentDate } = p.data;
      return {
        title: 'paymentDueTitle',
        body: 'paymentDue',
        values: { name, symbol, amount: cash(amount), date: paymentDate },
        url: '/ucenter/shengou',
      };
    }
    case 'transferResult': {
      const p = messageParamsSchemas.transferResult.safeParse(message.params);
      if (!p.success) return null;
      const { direction, status, amount, cardTail } = p.data;
      const passed = status === 'passed';
      const body =
        direction === 'in'
          ? passed
            ? 'transferInPassed'
            : 'transferInRefused'
          : passed
            ? 'transferOutPassed'
            : 'transferOutRefused';
      return {
        title: 'transferTitle',
        body,
        values: { amount: cash(amount), card: cardTail },
        url: '/bankRecord',
      };
    }
    case 'priceAlert': {
      const p = messageParamsSchemas.priceAlert.safeParse(message.params);
      if (!p.success) return null;
      const { name, symbol, price } = p.data;
      return {
        title: 'priceAlertTitle',
        body: 'priceAlert',
        values: { name, symbol, price },
        url: `/stockInfo/${symbol}`,
      };
    }
    case 'shipmentEvent': {
      const p = messageParamsSchemas.shipmentEvent.safeParse(message.params);
      if (!p.success) return null;
      const { trackingNo } = p.data;
      return {
        title: 'shipmentTitle',
        body: 'shipment',
        values: { trackingNo },
        url: `/store/logistics/${trackingNo}`,
      };
    }
    case 'topUpResult': {
      const p = messageParamsSchemas.topUpResult.safeParse(message.params);
      if (!p.success) return null;
      return {
        title: 'topUpTitle',
        body: p.data.status === 'passed' ? 'topUpPassed' : 'topUpRefused',
        values: { amount: cash(p.data.amount) },
        url: '/store/recharge',
      };
    }
    case 'withdrawalResult': {
      const p = messageParamsSchemas.withdrawalResult.safeParse(message.params);
      if (!p.success) return null;
      return {
        title: 'withdrawalTitle',
        body: p.data.status === 'passed' ? 'withdrawalPassed' : 'withdrawalRefused',
        values: { amount: cash(p.data.amount) },
        url: '/store/withdraw',
      };
    }
    case 'refundUpdate': {
      // The shop's answer and the money's arrival are pushed; the steps the shopper took, and the
      // return parcel's moves (each has its own parcel notice), are read in the app.
      const p = messageParamsSchemas.refundUpdate.safeParse(message.params);
      if (!p.success) return null;
      if (!(p.data.step in REFUND_PUSHED_STEPS)) return null;
      const body = REFUND_PUSHED_STEPS[p.data.step as keyof typeof REFUND_PUSHED_STEPS];
      return {
        title: 'refundTitle',
        body,
        values: { amount: cash(p.data.amount), order: p.data.orderNumber },
        url: `/store/refunds/${p.data.refundId}`,
      };
    }
    case 'complaintReply': {
      const p = messageParamsSchemas.complaintReply.safeParse(message.params);
      if (!p.success) return null;
      return { title: 'complaintTitle', body: 'complaintReplied', values: {}, url: '/store/complaint' };
    }
    case 'ordersExpired': {
      const p = messageParamsSchemas.ordersExpired.safeParse(message.params);
      if (!p.success) return null;
      return {
        title: 'ordersExpiredTitle',
        body: 'ordersExpired',
        values: { count: p.data.count, date: p.data.date },
        url: '/transaction',
      };
    }
    default:
      return null;
  }
}

const fill = (template: string, values: Values) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

/**
 * A stored message as a notification in the user's language (their stored `lang`; an unknown
 * one reads as the default), with the page a tap opens; null for a message that is not pushed.
 */
export function pushMessage(
  lang: string,
  message: Pick<MessageView, 'id' | 'kind' | 'params'>,
): PushPayload | null {
  const worded = wording(message);
  if (!worded) return null;
  const texts = PUSH_TEXTS[isLocale(lang) ? lang : DEFAULT_LOCALE];
  return {
    title: texts[worded.title],
    body: fill(texts[worded.body], worded.values),
    url: worded.url,
    tag: message.id,
  };
}
