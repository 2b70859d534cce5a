import { LOCALES } from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import { pushMessage } from './pushMessage.ts';
import { PUSH_TEXTS } from './pushTexts.ts';
import { pushTopicOf } from './topics.ts';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('push texts', () => {
  it.each(LOCALES.filter((l) => l !== 'en'))(
    '%s fills the same placeholders as English, in every text',
    (locale) => {
      for (const [key, english] of Object.entries(PUSH_TEXTS.en)) {
        const text = PUSH_TEXTS[locale][key as keyof typeof PUSH_TEXTS.en];
        expect({ key, placeholders: placeholders(text) }).toEqual({
          key,
          placeholders: placeholders(english),
        });
        expect(text, key).not.toBe(english);
      }
    },
  );

  it('words a message with figures as the app shows them and the page a tap opens', () => {
    const id = '00000000-0000-4000-8000-000000000001';
    expect(
      pushMessage('ko', {
        id,
        kind: 'allotmentResult',
        params: {
          symbol: '301001',
          name: '新股',
          allottedShares: '500',
          amount: '12345.5',
          paymentDate: '2026-11-30',
        },
      }),
    ).toEqual({
      title: '공모주 배정 결과',
      body: '新股(301001): 500주 배정. 2026-11-30 16:00까지 12,345.50위안을 준비해 주세요.',
      url: '/ucenter/shengou',
      tag: id,
    });
    // Lottery numbers answer to the new-shares switch and open the subscriptions list.
    const numbers = {
      id,
      kind: 'ipoNumbers',
      params: {
        symbol: '687981',
        name: '芯片',
        firstNumber: '100000001',
        lastNumber: '100000020',
        numbers: '20',
      },
    } as const;
    expect(pushTopicOf(numbers)).toBe('newShares');
    expect(pushMessage('zh-CN', numbers)).toEqual({
      title: '新股配号',
      body: '芯片（687981）：您获配 20 个号，起始配号 100000001，截止配号 100000020。',
      url: '/ucenter/shengou',
      tag: id,
    });
    // An unknown language reads as the default, zh-CN; parameters that do not fit give no push.
    expect(
      pushMessage('de', {
        id,
        kind: 'shipmentEvent',
        params: { trackingNo: 'SF1234567890CN', orderId: 'o', event: 'pickedUp' },
      })?.title,
    ).toBe('物流更新');
    // Expired orders answer to the "orders" switch and open the orders list.
    expect(
      pushMessage('fr', {
        id,
        kind: 'ordersExpired',
        params: { date: '2026-07-07', session: 'day', count: '30', symbols: '600519,687981' },
      }),
    ).toEqual({
      title: 'Ordres expirés',
      body: 'Ordres du 2026-07-07 expirés sans exécution complète : 30.',
      url: '/transaction',
      tag: id,
    });
    expect(pushTopicOf({ kind: 'ordersExpired', params: {} })).toBe('orders');
    // A refund's answer and its money are pushed under the store switch and open the refund; the
    // shopper's own steps are not.
    const refund = (step: string) => ({
      id,
      kind: 'refundUpdate' as const,
      params: { refundId: id, orderNumber: 'S20261127000042', step, amount: '1234.5' },
    });
    expect(pushMessage('en', refund('refunded'))).toEqual({
      title: 'Refund',
      body: '1,234.50 USD for order S20261127000042 is back in your store balance.',
      url: `/store/refunds/${id}`,
      tag: id,
    });
    expect(pushMessage('it', refund('refused'))?.body).toBe(
      "Il negozio ha rifiutato il rimborso per l'ordine S20261127000042. Tocca per vedere il motivo.",
    );
    expect(pushMessage('en', refund('escalationApproved'))?.body).toBe(
      'The platform overruled the shop: 1,234.50 USD for order S20261127000042 is back in your store balance.',
    );
    expect(pushMessage('en', refund('escalated'))).toBeNull();
    expect(pushMessage('en', refund('requested'))).toBeNull();
    expect(pushMessage('en', refund('returnShipped'))).toBeNull();
    expect(pushTopicOf(refund('approved'))).toBe('store');
    // A complaint's reply is pushed under the store switch and opens the complaints page.
    const complaintReply = {
      id,
      kind: 'complaintReply' as const,
      params: { complaintId: id, about: 'platform', status: 'answered' },
    };
    expect(pushMessage('ko', complaintReply)).toEqual({
      title: '고객센터',
      body: '고객센터가 민원에 답변했습니다. 눌러서 확인하세요.',
      url: '/store/complaint',
      tag: id,
    });
    expect(pushTopicOf(complaintReply)).toBe('store');
    expect(pushMessage('en', { id, kind: 'fill', params: { side: 'buy' } })).toBeNull();
    expect(pushMessage('en', { id, kind: 'verificationResult', params: { status: 'passed' } })).toBeNull();
  });
});
