import type { PlaceOrder } from '@bourse/shared';
import { useTranslation } from 'react-i18next';
import { money, shares } from '../../../lib/accountFormat.ts';
import { formatPrice } from '../../../lib/format.ts';
import { Button } from '../../../shared-ui/Button.tsx';
import { Sheet } from '../../../shared-ui/Sheet.tsx';
import type { Estimate } from './ticketMath.ts';

/** One decision to trade: the order, its estimate, and the Idempotency-Key every attempt to send it carries. */
export interface Confirmation {
  order: PlaceOrder;
  name: string;
  estimate: Estimate;
  key: string;
}

/** The order read back before it is sent; Confirm sends it (again, with the same key, after a failure). */
export function ConfirmSheet({
  confirmation,
  busy,
  onConfirm,
  onClose,
}: {
  confirmation: Confirmation;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { order, name, estimate } = confirmation;
  const rows: [label: string, value: string, testId?: string][] = [
    [t('trade.stock'), `${name} ${order.symbol}`],
    [t('trade.sideLabel'), t(`trade.side.${order.side}`)],
    [t('trade.typeLabel'), t(`trade.type.${order.type}`)],
    [t('trade.price'), order.price ? formatPrice(order.price) : t('trade.marketPrice'), 'confirm-price'],
    [t('trade.quantity'), t('trade.sharesValue', { value: shares(order.quantity) }), 'confirm-quantity'],
    [t('trade.estAmount'), money(estimate.amount.toFixed(2))],
    [t('trade.commission'), money(estimate.fees.commission.toFixed(2))],
    ...(order.side === 'sell'
      ? [[t('trade.stampDuty'), money(estimate.fees.stampDuty.toFixed(2))] as [string, string]]
      : []),
    [t('trade.transferFee'), money(estimate.fees.transferFee.toFixed(2))],
    [
      order.side === 'buy' ? t('trade.estCost') : t('trade.estProceeds'),
      money(estimate.net.toFixed(2)),
      'confirm-net',
    ],
  ];
  return (
    <Sheet title={t('trade.confirmTitle')} onClose={onClose} testId="confirm-sheet">
      <dl className="confirm-list">
        {rows.map(([label, value, testId]) => (
          <div key={label} className="confirm-list__row">
            <dt>{label}</dt>
            <dd data-testid={testId}>{value}</dd>
          </div>
        ))}
      </dl>
      {order.type === 'market' ? <p className="confirm-note">{t('trade.marketNote')}</p> : null}
      {order.afterHours ? (
        <p className="confirm-note" data-testid="confirm-after-hours">
          {t('trade.afterHoursHint')}
        </p>
      ) : null}
      <div className="confirm-actions">
        <Button variant="ghost" onClick={onClose} disabled={busy}>
          {t('trade.back')}
        </Button>
        <Button
          className={`button--${order.side}`}
          onClick={onConfirm}
          disabled={busy}
          aria-busy={busy}
          testId="confirm-order"
        >
          {t(order.side === 'buy' ? 'trade.confirmBuy' : 'trade.confirmSell')}
        </Button>
      </div>
    </Sheet>
  );
}
