import type { MessageView } from '@bourse/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { messageText } from './messageText.ts';

type Sample = Pick<MessageView, 'kind' | 'params'>;

const stock = { symbol: '687981', name: '中芯国际' };
const en = () => i18n.getFixedT('en');

describe('messageText', () => {
  beforeAll(async () => {
    await i18n.loadLanguages(['zh-CN', 'fr']);
  });

  it.each<[string, Sample, string, string]>([
    [
      'an allotment won',
      {
        kind: 'allotmentResult',
        params: { ...stock, allottedShares: '500', amount: '13500.00', paymentDate: '2026-07-14' },
      },
      'New share allotment result',
      '中芯国际 (687981): 500 shares allotted to you. Please have 13,500.00 CNY available by 16:00 on 2026-07-14 to pay for them.',
    ],
    [
      'lottery numbers',
      {
        kind: 'ipoNumbers',
        params: { ...stock, firstNumber: '100000021', lastNumber: '100001020', numbers: '1000' },
      },
      'New share numbers',
      '中芯国际 (687981): your 1,000 lottery numbers are 100000021 to 100001020.',
    ],
    [
      'an allotment lost',
      {
        kind: 'allotmentResult',
        params: { ...stock, allottedShares: '0', amount: '0.00', paymentDate: '2026-07-14' },
      },
      'New share allotment result',
      '中芯国际 (687981): no shares were allotted to you this time.',
    ],
    [
      'a payment due',
      {
        kind: 'paymentDue',
        params: { ...stock, allottedShares: '1000', amount: '27000.00', paymentDate: '2026-07-14' },
      },
      'Payment due for new shares',
      '中芯国际 (687981): 27,000.00 CNY for 1,000 allotted shares is due by 16:00 on 2026-07-14. Shares not paid for are abandoned.',
    ],
    [
      'a payment in full',
      {
        kind: 'paymentResult',
        params: { ...stock, paidShares: '500', abandonedShares: '0', amount: '13500.00' },
      },
      'New share payment',
      '中芯国际 (687981): 500 shares paid for, 13,500.00 CNY deducted.',
    ],
    [
      'a payment short of cash',
      {
        kind: 'paymentResult',
        params: { ...stock, paidShares: '500', abandonedShares: '500', amount: '13500.00' },
      },
      'New share payment',
      '中芯国际 (687981): 500 shares paid for (13,500.00 CNY); 500 shares abandoned for lack of cash.',
    ],
    [
      'a transfer in that arrived',
      {
        kind: 'transferResult',
        params: {
          direction: 'in',
          status: 'passed',
          amount: '5000.00',
          bankName: 'CMB',
          cardTail: '0123',
        },
      },
      'Bank transfer result',
      '5,000.00 CNY transferred in from China Merchants Bank (card ending 0123) has arrived.',
    ],
    [
      'a transfer out refused',
      {
        kind: 'transferResult',
        params: {
          direction: 'out',
          status: 'refused',
          amount: '800.50',
          bankName: 'ICBC',
          cardTail: '9876',
        },
      },
      'Bank transfer result',
      'The transfer out of 800.50 CNY to Industrial and Commercial Bank of China (card ending 9876) was refused; the cash is available again.',
    ],
    [
      'a sell fill',
      { kind: 'fill', params: { ...stock, side: 'sell', price: '27.130', quantity: '300' } },
      'Order filled',
      'Sold 300 shares of 中芯国际 (687981) at 27.130.',
    ],
    [
      'a block buy settled',
      {
        kind: 'blockTradeResult',
        params: {
          ...stock,
          side: 'buy',
          price: '27.13',
          quantity: '300000',
          amount: '8139000.00',
          status: 'settled',
        },
      },
      'Block trade result',
      'Block buy of 300,000 shares of 中芯国际 (687981) at 27.13 settled: 8,139,000.00 CNY.',
    ],
    [
      'a block buy whose settlement failed, to back office',
      {
        kind: 'blockTradeSettlementFailed',
        params: {
          ...stock,
          orderId: '7d0c1a52-6f1b-4f7e-9a57-1f1f2c3d4e5f',
          side: 'buy',
          quantity: '300000',
          amount: '8139000.00',
        },
      },
      'Block-trade settlement failed',
      "The settlement of a block buy of 300,000 shares of 中芯国际 (687981), 8,139,000.00 CNY, failed every attempt. The customer's cash stays frozen until it is retried from the back-office desk.",
    ],
    [
      'a verification passed',
      { kind: 'verificationResult', params: { status: 'passed' } },
      'Real-name verification result',
      'Your identity is verified. You can now transfer money, subscribe to new shares and trade blocks.',
    ],
    [
      'a verification refused with its reason',
      { kind: 'verificationResult', params: { status: 'refused', reason: 'photoUnclear' } },
      'Real-name verification result',
      'Your real-name verification was refused. The photo of the ID card cannot be read.',
    ],
    [
      'a verification refused without a reason',
      { kind: 'verificationResult', params: { status: 'refused' } },
      'Real-name verification result',
      'Your real-name verification was refused. The information could not be confirmed.',
    ],
    [
      'a parcel milestone',
      {
        kind: 'shipmentEvent',
        params: { trackingNo: 'BX0123456789CN', orderId: 'o-1', event: 'importCleared' },
      },
      'Parcel update',
      'Parcel BX0123456789CN: Import customs cleared.',
    ],
    [
      'a top-up passed with what actually arrived',
      {
        kind: 'topUpResult',
        params: { method: 'blockchain', status: 'passed', amount: '1500.00', arrivalAmount: '1499.50' },
      },
      'Top-up result',
      'Your top-up of 1,500.00 USD (Blockchain) passed: 1,499.50 USD was credited to your store balance.',
    ],
    [
      'a top-up refused for its reason',
      {
        kind: 'topUpResult',
        params: { method: 'manual', status: 'refused', amount: '40.00', reason: 'evidenceUnclear' },
      },
      'Top-up result',
      'Your top-up of 40.00 USD (Manual) was refused: The payment evidence is unclear.',
    ],
    [
      'a merchant application approved',
      { kind: 'merchantResult', params: { status: 'passed', shopName: 'Harbour Kites', shopId: '31' } },
      'Shop application',
      'Your shop Harbour Kites is open: list your first products in the seller console.',
    ],
    [
      'a merchant application refused for its reason',
      {
        kind: 'merchantResult',
        params: { status: 'refused', shopName: 'Harbour Kites', reason: 'licenceUnclear' },
      },
      'Shop application',
      'Your application for Harbour Kites was refused: The licence image is unclear.',
    ],
    [
      'a complaint about an order answered',
      {
        kind: 'complaintReply',
        params: {
          complaintId: '6f1c2a8e-1b0e-4c1a-9d2e-1f2a3b4c5d6e',
          about: 'order',
          orderId: 'S20261127000042',
          status: 'answered',
        },
      },
      'Reply to your complaint',
      'Customer service replied to your complaint about order S20261127000042. Tap to read it.',
    ],
    [
      'a platform complaint answered and closed',
      {
        kind: 'complaintReply',
        params: { complaintId: '6f1c2a8e-1b0e-4c1a-9d2e-1f2a3b4c5d6e', about: 'platform', status: 'closed' },
      },
      'Reply to your complaint',
      'Customer service replied to your complaint about the platform and closed it. Tap to read it.',
    ],
    [
      "a shop's reply to a review, in its own words",
      {
        kind: 'reviewReply',
        params: {
          reviewId: '6f1c2b9e-4d3a-4f5e-8a7b-1c2d3e4f5a6b',
          reply: 'Thank you, fly it on a windy day!',
        },
      },
      'Reply from the shop',
      'The shop replied to your review: “Thank you, fly it on a windy day!”',
    ],
    [
      'a withdrawal paid out',
      { kind: 'withdrawalResult', params: { status: 'passed', amount: '300.00', cardTail: '3446' } },
      'Withdrawal result',
      'Your withdrawal of 300.00 USD to the card ending 3446 passed and was paid out.',
    ],
    [
      'a withdrawal refused and released for its reason',
      {
        kind: 'withdrawalResult',
        params: { status: 'refused', amount: '500.00', cardTail: '3446', reason: 'cardProblem' },
      },
      'Withdrawal result',
      'Your withdrawal of 500.00 USD to the card ending 3446 was refused and released back to your balance: The bank card cannot receive this payment.',
    ],
    [
      'a withdrawal the bank declined, released',
      {
        kind: 'withdrawalResult',
        params: { status: 'refused', amount: '400.00', cardTail: '3446', reason: 'declined' },
      },
      'Withdrawal result',
      'Your withdrawal of 400.00 USD to the card ending 3446 was refused and released back to your balance: The bank declined the payment.',
    ],
    [
      'a refund sent to the balance',
      {
        kind: 'refundUpdate',
        params: {
          refundId: '6f1c2a9e-0d4b-4a57-8f7e-3b2d1c0a9e8f',
          orderNumber: 'S20261127000042',
          step: 'refunded',
          amount: '1250.00',
        },
      },
      'Refund',
      '1,250.00 USD for order S20261127000042 was refunded to your store balance.',
    ],
    [
      'an escalated refund the platform granted',
      {
        kind: 'refundUpdate',
        params: {
          refundId: '6f1c2a9e-0d4b-4a57-8f7e-3b2d1c0a9e8f',
          orderNumber: 'S20261127000042',
          step: 'escalationApproved',
          amount: '30.00',
        },
      },
      'Refund',
      'The platform overruled the shop: 30.00 USD for order S20261127000042 was refunded to your store balance.',
    ],
    [
      'a refund refused for its reason',
      {
        kind: 'refundUpdate',
        params: {
          refundId: '6f1c2a9e-0d4b-4a57-8f7e-3b2d1c0a9e8f',
          orderNumber: 'S20261127000042',
          step: 'refused',
          amount: '30.00',
          reason: 'usedGoods',
        },
      },
      'Refund',
      'The shop refused your refund of 30.00 USD for order S20261127000042: The goods have been used.',
    ],
    [
      'one day order expired',
      {
        kind: 'ordersExpired',
        params: { date: '2026-07-07', session: 'day', count: '1', symbols: '687981' },
      },
      'Orders expired',
      '1 order of 2026-07-07 ended unfilled or partly filled at the close (687981); what it held is free again.',
    ],
    [
      'many after-hours orders expired, the first five codes shown',
      {
        kind: 'ordersExpired',
        params: {
          date: '2026-07-07',
          session: 'afterHours',
          count: '30',
          symbols: '000001,000002,300750,600000,600519,687981',
        },
      },
      'Orders expired',
      '30 after-hours orders of 2026-07-07 ended unfilled or partly filled (000001, 000002, 300750, 600000, 600519 …); what they held is free again.',
    ],
  ])('words %s', (_, message, title, body) => {
    expect(messageText(en(), message)).toEqual({ title, body });
  });

  it('words the same stored message in the reader language', () => {
    const message: Sample = {
      kind: 'fill',
      params: { ...stock, side: 'buy', price: '27.130', quantity: '200' },
    };
    expect(messageText(i18n.getFixedT('zh-CN'), message).body).toBe(
      '以 27.130 买入 中芯国际（687981）200 股。',
    );
    expect(messageText(i18n.getFixedT('fr'), message).body).toBe(
      'Achat de 200 actions 中芯国际 (687981) à 27.130.',
    );
    const expired: Sample = {
      kind: 'ordersExpired',
      params: { date: '2026-07-07', session: 'day', count: '2', symbols: '600519,687981' },
    };
    expect(messageText(i18n.getFixedT('zh-CN'), expired).body).toBe(
      '2026-07-07 有 2 笔委托收盘时未成交或部分成交，已自动失效（600519, 687981），冻结的资金和股份已解冻。',
    );
    expect(messageText(i18n.getFixedT('fr'), expired).body).toBe(
      "2 ordres du 2026-07-07 ont expiré à la clôture, non exécutés ou exécutés en partie (600519, 687981) ; ce qu'ils bloquaient est de nouveau disponible.",
    );
    const parcel: Sample = {
      kind: 'shipmentEvent',
      params: { trackingNo: 'BX0123456789CN', orderId: 'o-1', event: 'outForDelivery' },
    };
    expect(messageText(i18n.getFixedT('zh-CN'), parcel).body).toBe('包裹 BX0123456789CN：派送中。');
    expect(messageText(i18n.getFixedT('fr'), parcel).body).toBe(
      'Colis BX0123456789CN : En cours de livraison.',
    );
  });

  it('gives a neutral notice for parameters that do not fit the kind', () => {
    const notice = { title: 'Notice', body: 'Update the app to read this message.' };
    expect(messageText(en(), { kind: 'fill', params: { symbol: '687981' } })).toEqual(notice);
    expect(messageText(en(), { kind: 'verificationResult', params: { status: 'maybe' } })).toEqual(notice);
    expect(
      messageText(en(), {
        kind: 'ordersExpired',
        params: { date: '2026-07-07', session: 'day', count: '0', symbols: '687981' },
      }),
    ).toEqual(notice);
  });
});
