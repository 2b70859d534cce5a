import type { IpoSubscriptionView } from '@bourse/shared';
import { useTranslation } from 'react-i18next';
import { money } from '../../lib/accountFormat.ts';
import { formatMoney } from '../../lib/format.ts';

const shares = (n: number) => formatMoney(n, 0);

/** One subscription's figures as far as they are known: numbers after the numbering, results after the draw. */
export function SubscriptionFigures({ subscription: s }: { subscription: IpoSubscriptionView }) {
  const { t } = useTranslation('ipo');
  const rows: [label: string, value: string, testId: string][] = [
    [t('subscription.shares'), t('shares', { shares: shares(s.shares) }), 'sub-shares'],
  ];
  if (s.numbers) {
    rows.push([
      t('subscription.numbers'),
      t('subscription.range', {
        first: s.numbers.first,
        last: s.numbers.first + s.numbers.count - 1,
        count: s.numbers.count,
      }),
      'sub-numbers',
    ]);
  }
  if (s.wonShares !== null)
    rows.push([t('subscription.won'), t('shares', { shares: shares(s.wonShares) }), 'sub-won']);
  if (s.wonShares && s.amountDue)
    rows.push([t('subscription.due'), t('cny', { amount: money(s.amountDue) }), 'sub-due']);
  if (s.paidShares !== null)
    rows.push([t('subscription.paid'), t('shares', { shares: shares(s.paidShares) }), 'sub-paid']);
  if (s.abandonedShares) {
    rows.push([
      t('subscription.abandoned'),
      t('shares', { shares: shares(s.abandonedShares) }),
      'sub-abandoned',
    ]);
  }
  return (
    <>
      <span className={`ipo-state ipo-state--${s.state}`} data-testid="sub-state">
        {t(`state.${s.state}`, { date: s.paymentDate })}
      </span>
      <dl className="ipo-figures">
        {rows.map(([label, value, testId]) => (
          <div key={testId}>
            <dt>{label}</dt>
            <dd data-testid={testId}>{value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
