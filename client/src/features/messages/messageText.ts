import {
  type BankCode,
  type MessageView,
  messageParamsSchemas,
  type RealNameRefusalReason,
} from '@bourse/shared';
import type { TFunction } from 'i18next';
import { formatMoney, formatPrice } from '../../lib/format.ts';
import { alertConditionText } from './alertCondition.ts';

/** Amounts and share counts read with thousands separators, as on every other screen. */
const cash = (amount: string) => formatMoney(amount);
const count = (shares: string) => formatMoney(shares, 0);
/** Prices as the wire writes them, with the reader's decimal separator, like the quotes. */
const price = (value: string) => formatPrice(value);

/** The first few codes of a notice about many stocks; the list it opens shows them all. */
const SYMBOLS_SHOWN = 5;
function symbolList(symbols: string): string {
  const codes = symbols.split(',');
  const shown = codes.slice(0, SYMBOLS_SHOWN).join(', ');
  return codes.length > SYMBOLS_SHOWN ? `${shown} …` : shown;
}

export interface MessageText {
  title: string;
  body: string;
}

/** The refusal reason as the user reads it; a refusal without one reads as "could not be confirmed". */
export function refusalReasonText(t: TFunction, reason: RealNameRefusalReason | null | undefined): string {
  switch (reason ?? 'other') {
    case 'nameMismatch':
      return t('realName.reasons.nameMismatch');
    case 'idNumberMismatch':
      return t('realName.reasons.idNumberMismatch');
    case 'photoUnclear':
      return t('realName.reasons.photoUnclear');
    default:
      return t('realName.reasons.other');
  }
}

/**
 * A stored message in the reader's language: the kind picks the text, its parameters fill it.
 * Parameters that do not fit their kind (a newer server) give a neutral notice, not a crash.
 */
export function messageText(t: TFunction, message: Pick<MessageView, 'kind' | 'params'>): MessageText {
  const unknown = { title: t('messages.kinds.unknown.title'), body: t('messages.kinds.unknown.body') };
  switch (message.kind) {
    case 'ipoNumbers': {
      const p = messageParamsSchemas.ipoNumbers.safeParse(message.params);
      if (!p.success) return unknown;
      const { name, symbol, firstNumber, lastNumber, numbers } = p.data;
      return {
        title: t('messages.kinds.ipoNumbers.title'),
        body: t('messages.kinds.ipoNumbers.body', {
          name,
          symbol,
          numbers: count(numbers),
          first: firstNumber,
          last: lastNumber,
        }),
      };
    }
    case 'allotmentResult': {
      const p = messageParamsSchemas.allotmentResult.safeParse(message.params);
      if (!p.success) return unknown;
      const { name, symbol, allottedShares, amount, paymentDate } = p.data;
      return {
        title: t('messages.kinds.allotmentResult.title'),
        body:
          allottedShares === '0'
            ? t('messages.kinds.allotmentResult.lost', { name, symbol })
            : t('messages.kinds.allotmentResult.won', {
                name,
                symbol,
                shares: count(allottedShares),
                amount: cash(amount),
                date: paymentDate,
              }),
      };
    }
    case 'paymentDue': {
      const p = messageParamsSchemas.paymentDue.safeParse(message.params);
      if (!p.success) return unknown;
      const { name, symbol, allottedShares, amount, paymentDate } = p.data;
      return {
        title: t('messages.kinds.paymentDue.title'),
        body: t('messages.kinds.paymentDue.body', {
          name,
          symbol,
          shares: count(allottedShares),
          amount: cash(amount),
          date: paymentDate,
        }),
      };
    }
    case 'paymentResult': {
      const p = messageParamsSchemas.paymentResult.safeParse(message.params);
      if (!p.success) return unknown;
      const { name, symbol, paidShares, abandonedShares, amount } = p.data;
      const values = {
        name,
        symbol,
        paid: count(paidShares),
        abandoned: count(abandonedShares),
        amount: cash(amount),
      };
      return {
        title: t('messages.kinds.paymentResult.title'),
        body:
          abandonedShares === '0'
            ? t('messages.kinds.paymentResult.paid', values)
            : t('messages.kinds.paymentResult.abandoned', values),
      };
    }
    case 'transferResult': {
      const p = messageParamsSchemas.transferResult.safeParse(message.params);
      if (!p.success) return unknown;
      const { direction, status, amount, bankName, cardTail } = p.data;
      // The server sends the bank's code (ICBC); its name is in the catalogue, raw for an unknown code.
      const bank = t(`bank.names.${bankName as BankCode}`, { defaultValue: bankName });
      const values = { amount: cash(amount), bank, card: cardTail };
      const passed = status === 'passed';
      const body =
        direction === 'in'
          ? passed
            ? t('messages.kinds.transferResult.inPassed', values)
            : t('messages.kinds.transferResult.inRefused', values)
          : passed
            ? t('messages.kinds.transferResult.outPassed', values)
            : t('messages.kinds.transferResult.outRefused', values);
      return { title: t('messages.kinds.transferResult.title'), body };
    }
    case 'fill': {
      const p = messageParamsSchemas.fill.safeParse(message.params);
      if (!p.success) return unknown;
      const { side, quantity, ...rest } = p.data;
      const values = { ...rest, quantity: count(quantity), price: price(rest.price) };
      return {
        title: t('messages.kinds.fill.title'),
        body: side === 'buy' ? t('messages.kinds.fill.buy', values) : t('messages.kinds.fill.sell', values),
      };
    }
    case 'verificationResult': {
      const p = messageParamsSchemas.verificationResult.safeParse(message.params);
      if (!p.success) return unknown;
      return {
        title: t('messages.kinds.verificationResult.title'),
        body:
          p.data.status === 'passed'
            ? t('messages.kinds.verificationResult.passed')
            : t('messages.kinds.verificationResult.refused', { reason: refusalReasonText(t, p.data.reason) }),
      };
    }
    case 'blockTradeResult': {
      const p = messageParamsSchemas.blockTradeResult.safeParse(message.params);
      if (!p.success) return unknown;
      const { status, side, reason, quantity, amount, ...rest } = p.data;
      const values = { ...rest, quantity: count(quantity), amount: cash(amount), price: price(rest.price) };
      const title = t('messages.kinds.blockTradeResult.title');
      if (status === 'refused') {
        const why = t(`blockTrade.record.reasons.${reason ?? 'noCounterparty'}`);
        return { title, body: t('messages.kinds.blockTradeResult.refused', { ...values, reason: why }) };
      }
      return {
        title,
        body:
          side === 'buy'
            ? t('messages.kinds.blockTradeResult.buySettled', values)
            : t('messages.kinds.blockTradeResult.sellSettled', values),
      };
    }
    case 'blockTradeSettlementFailed': {
      const p = messageParamsSchemas.blockTradeSettlementFailed.safeParse(message.params);
      if (!p.success) return unknown;
      const { side, quantity, amount, symbol, name } = p.data;
      const values = { symbol, name, quantity: count(quantity), amount: cash(amount) };
      return {
        title: t('messages.kinds.blockTradeSettlementFailed.title'),
        body:
          side === 'buy'
            ? t('messages.kinds.blockTradeSettlementFailed.buy', values)
            : t('messages.kinds.blockTradeSettlementFailed.sell', values),
      };
    }
    case 'shipmentEvent': {
      const p = messageParamsSchemas.shipmentEvent.safeParse(message.params);
      if (!p.success) return unknown;
      return {
        title: t('messages.kinds.shipmentEvent.title'),
        body: t('messages.kinds.shipmentEvent.body', {
          trackingNo: p.data.trackingNo,
          event: t(`logistics.events.${p.data.event}`),
        }),
      };
    }
    case 'priceAlert': {
      const p = messageParamsSchemas.priceAlert.safeParse(message.params);
      if (!p.success) return unknown;
      const { name, symbol } = p.data;
      return {
        title: t('messages.kinds.priceAlert.title'),
        body: t('messages.kinds.priceAlert.body', {
          name,
          symbol,
          price: price(p.data.price),
          condition: alertConditionText(t, p.data),
        }),
      };
    }
    case 'topUpResult': {
      const p = messageParamsSchemas.topUpResult.safeParse(message.params);
      if (!p.success) return unknown;
      const method = t(`topUp.methods.${p.data.method}`);
      const amount = cash(p.data.amount);
      return {
        title: t('messages.kinds.topUpResult.title'),
        body:
          p.data.status === 'passed'
            ? t('messages.kinds.topUpResult.passed', {
                method,
                amount,
                arrival: cash(p.data.arrivalAmount ?? p.data.amount),
              })
            : t('messages.kinds.topUpResult.refused', {
                method,
                amount,
                reason: t(`topUp.reasons.${p.data.reason ?? 'other'}`),
              }),
      };
    }
    case 'withdrawalResult': {
      const p = messageParamsSchemas.withdrawalResult.safeParse(message.params);
      if (!p.success) return unknown;
      const figures = { amount: cash(p.data.amount), tail: p.data.cardTail };
      return {
        title: t('messages.kinds.withdrawalResult.title'),
        body:
          p.data.status === 'passed'
            ? t('messages.kinds.withdrawalResult.passed', figures)
            : t('messages.kinds.withdrawalResult.refused', {
                ...figures,
                reason: t(`withdrawal.reasons.${p.data.reason ?? 'other'}`),
              }),
      };
    }
    case 'refundUpdate': {
      const p = messageParamsSchemas.refundUpdate.safeParse(message.params);
      if (!p.success) return unknown;
      const figures = { amount: cash(p.data.amount), order: p.data.orderNumber };
      return {
        title: t('messages.kinds.refundUpdate.title'),
        body:
          p.data.step === 'refused'
            ? t('messages.kinds.refundUpdate.refused', {
                ...figures,
                reason: t(`refund.refusal.${p.data.reason ?? 'other'}`),
              })
            : t(`messages.kinds.refundUpdate.${p.data.step}`, figures),
      };
    }
    case 'merchantResult': {
      const p = messageParamsSchemas.merchantResult.safeParse(message.params);
      if (!p.success) return unknown;
      return {
        title: t('messages.kinds.merchantResult.title'),
        body:
          p.data.status === 'passed'
            ? t('messages.kinds.merchantResult.passed', { shop: p.data.shopName })
            : t('messages.kinds.merchantResult.refused', {
                shop: p.data.shopName,
                reason: t(`merchant.reasons.${p.data.reason ?? 'other'}`),
              }),
      };
    }
    case 'complaintReply': {
      const p = messageParamsSchemas.complaintReply.safeParse(message.params);
      if (!p.success) return unknown;
      const about =
        p.data.about === 'order'
          ? t('messages.kinds.complaintReply.aboutOrder', { order: p.data.orderId ?? '' })
          : t('messages.kinds.complaintReply.aboutPlatform');
      return {
        title: t('messages.kinds.complaintReply.title'),
        body:
          p.data.status === 'closed'
            ? t('messages.kinds.complaintReply.closed', { about })
            : t('messages.kinds.complaintReply.answered', { about }),
      };
    }
    case 'reviewReply': {
      const p = messageParamsSchemas.reviewReply.safeParse(message.params);
      if (!p.success) return unknown;
      return {
        title: t('messages.kinds.reviewReply.title'),
        body: t('messages.kinds.reviewReply.body', { reply: p.data.reply }),
      };
    }
    case 'ordersExpired': {
      const p = messageParamsSchemas.ordersExpired.safeParse(message.params);
      if (!p.success) return unknown;
      const { date, session, symbols } = p.data;
      const values = { count: Number(p.data.count), date, symbols: symbolList(symbols) };
      return {
        title: t('messages.kinds.ordersExpired.title'),
        body:
          session === 'day'
            ? t('messages.kinds.ordersExpired.day', values)
            : t('messages.kinds.ordersExpired.afterHours', values),
      };
    }
    default:
      return unknown;
  }
}
