import type { FillView } from '@bourse/shared';
import { useTranslation } from 'react-i18next';
import type { Loadable } from '../../lib/loadable.ts';
import { LoadState } from '../../shared-ui/LoadState.tsx';
import { FillList } from '../trade/index.ts';
import type { PositionLife } from './pnlHistory.ts';

/** The fills of one position's life, newest first, once the stock's fills are loaded. */
export function LifeFills({
  life,
  state,
  onRetry,
  symbol,
  name,
}: {
  life: PositionLife | undefined;
  state: Loadable<FillView[]>;
  onRetry: () => void;
  symbol: string;
  name: string;
}) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-label={t('portfolio.fills')}>
      <h2 className="card__title">{t('portfolio.fills')}</h2>
      {life ? (
        <FillList
          fills={[...life.fills].reverse()}
          names={{ [symbol]: name }}
          empty={t('trade.noFills')}
          withDate
        />
      ) : (
        <LoadState state={state} onRetry={onRetry} empty={t('trade.noFills')} />
      )}
    </section>
  );
}
