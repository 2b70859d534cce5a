import { type MessageView, messageParamsSchemas, type PushTopic } from '@bourse/shared';

/**
 * The switch a message answers to, or null for a kind that is never pushed (a verification
 * result is read in the app; a failed settlement is for the back office's desk).
 */
export function pushTopicOf(message: Pick<MessageView, 'kind' | 'params'>): PushTopic | null {
  switch (message.kind) {
    case 'fill':
      return 'fills';
    case 'blockTradeResult': {
      const p = messageParamsSchemas.blockTradeResult.safeParse(message.params);
      return p.success && p.data.status === 'refused' ? 'orders' : 'fills';
    }
    case 'ipoNumbers':
    case 'allotmentResult':
    case 'paymentResult':
      return 'newShares';
    case 'paymentDue':
      return 'paymentDue';
    case 'transferResult':
      return 'transfers';
    case 'priceAlert':
      return 'priceAlerts';
    case 'ordersExpired':
      return 'orders';
    case 'shipmentEvent':
    case 'topUpResult':
    case 'withdrawalResult':
    case 'refundUpdate':
    case 'complaintReply':
      return 'store';
    default:
      return null;
  }
}
