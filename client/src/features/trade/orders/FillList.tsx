import { Dec, type FillView } from '@bourse/shared';
import { useTranslation } from 'react-i18next';
import { money, shares, timeOf, tradePrice } from '../../../lib/accountFormat.ts';
import { formatMoney } from '../../../lib/format.ts';
import { NameCode } from '../../../shared-ui/NameCode.tsx';
import { LineList, SideTag } from './OrderList.tsx';

const feesOf = (fill: FillView) => new Dec(fill.commission).plus(fill.stampDuty).plus(fill.transferFee);

/** Fills newest first: side, price × quantity, amount and fees; `withDate` for fills of several days. */
export function FillList({
  fills,
  names,
  empty,
  withDate,
}: {
  fills: readonly FillView[];
  /** Stock names by code, where known. */
  names: Readonly<Record<string, string>>;
  empty: string;
  withDate?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <LineList count={fills.length} empty={empty} testId="fill-list">
      {fills.map((fill) => (
        <li key={fill.id} className="line-item" data-testid="fill-row" data-symbol={fill.symbol}>
          <div className="order-row__head">
            <SideTag side={fill.side} />
            <NameCode name={names[fill.symbol] ?? fill.symbol} symbol={fill.symbol} />
            <span className="order-row__time">
              {withDate ? `${fill.tradingDate} ` : ''}
              {timeOf(fill.marketAt)}
            </span>
          </div>
          <dl className="order-row__figures">
            <div>
              <dt>{t('trade.fillPrice')}</dt>
              <dd data-testid="fill-price">{tradePrice(fill.price, fill.symbol)}</dd>
            </div>
            <div>
              <dt>{t('trade.quantity')}</dt>
              <dd data-testid="fill-quantity">{shares(fill.quantity)}</dd>
            </div>
            <div>
              <dt>{t('trade.amount')}</dt>
              <dd>{money(fill.amount)}</dd>
            </div>
            <div>
              <dt>{t('trade.fees')}</dt>
              <dd>{formatMoney(feesOf(fill))}</dd>
            </div>
          </dl>
        </li>
      ))}
    </LineList>
  );
}
