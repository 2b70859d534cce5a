import type { DragonTigerEntry } from '@bourse/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatCompact, formatPct, formatPrice, trendClass, trendOf } from '../../lib/format.ts';
import { dataOf } from '../../lib/loadable.ts';
import { useLoad } from '../../lib/useLoad.ts';
import { LoadState } from '../../shared-ui/LoadState.tsx';
import { NameCode } from '../../shared-ui/NameCode.tsx';
import { Screen } from '../../shared-ui/Screen.tsx';
import { fetchDragonTiger, fetchDragonTigerDates, MarketStatusBar } from '../market/index.ts';
import './ranks.css';

function Seats({
  title,
  seats,
  locale,
  tone,
}: {
  title: string;
  seats: DragonTigerEntry['buys'];
  locale: string;
  tone: 'up' | 'down';
}) {
  return (
    <div className="seats">
      <h3 className="seats__title">{title}</h3>
      <ol className="seats__list">
        {seats.map((seat) => (
          <li key={seat.seat} className="seats__row">
            <span className="seats__name">{seat.seat}</span>
            <span className={`price-${tone}`}>{formatCompact(seat.amount, locale)}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

function Entry({ entry, locale }: { entry: DragonTigerEntry; locale: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const trend = trendClass(trendOf(entry.pct));
  const seatsId = `seats-${entry.symbol}-${entry.reason}`;
  // The reason says up or down; its value is a size ("down 8.24%", not "down -8.24%").
  const size = entry.value.replace(/^[+-]/, '');
  return (
    <li className="card dt-entry" data-testid="dt-entry">
      <div className="dt-entry__head">
        <Link to={`/stockInfo/${entry.symbol}`} className="dt-entry__stock">
          <NameCode name={entry.name} symbol={entry.symbol} />
        </Link>
        <span className={`rank-row__num ${trend}`}>{formatPrice(entry.close, locale)}</span>
        <span className={`rank-row__num ${trend}`}>{formatPct(entry.pct)}</span>
      </div>
      <p className="dt-entry__reason">
        {t(`ranks.dragonTiger.reason.${entry.reason}`)}
        <span className="dt-entry__value">{t('ranks.dragonTiger.value', { value: size })}</span>
      </p>
      <dl className="dt-entry__figures">
        <div>
          <dt>{t('ranks.columns.turnover')}</dt>
          <dd>{formatCompact(entry.turnover, locale)}</dd>
        </div>
        <div>
          <dt>{t('ranks.columns.net')}</dt>
          <dd className={trendClass(trendOf(entry.net))} data-testid="dt-net">
            {formatCompact(entry.net, locale)}
          </dd>
        </div>
      </dl>
      <button
        type="button"
        className="dt-entry__toggle"
        aria-expanded={open}
        aria-controls={seatsId}
        onClick={() => setOpen(!open)}
        data-testid="dt-toggle"
      >
        {t(open ? 'ranks.dragonTiger.hideSeats' : 'ranks.dragonTiger.showSeats')}
      </button>
      {open ? (
        <div id={seatsId} className="dt-entry__seats" data-testid="dt-seats">
          <Seats title={t('ranks.dragonTiger.buys')} seats={entry.buys} locale={locale} tone="up" />
          <Seats title={t('ranks.dragonTiger.sells')} seats={entry.sells} locale={locale} tone="down" />
        </div>
      ) : null}
    </li>
  );
}

/** The dragon-tiger list of a chosen trading day: why each stock is on it and who bought and sold. */
export function DragonTigerScreen() {
  const { t, i18n } = useTranslation();
  const [dates, reloadDates] = useLoad((signal) => fetchDragonTigerDates(signal), []);
  const available = dataOf(dates)?.dates ?? [];
  const [chosen, setChosen] = useState<string>();
  const date = chosen ?? available[0];
  const [list, reloadList] = useLoad((signal) => fetchDragonTiger(date, signal), [date], {
    enabled: date !== undefined,
  });
  const entries = dataOf(list)?.entries ?? [];

  return (
    <Screen nav={{ title: t('routes.dragonTigerList') }} padded={false}>
      <MarketStatusBar />
      <div className="rank-screen" data-testid="rank-dragonTiger">
        {available.length > 0 ? (
          <label className="date-picker">
            <span>{t('ranks.dragonTiger.date')}</span>
            <select value={date} onChange={(e) => setChosen(e.target.value)} data-testid="dt-date">
              {available.map((d) => (
                <option key={d} value={d}>
                  {d}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {available.length === 0 ? (
          <LoadState state={dates} onRetry={reloadDates} empty={t('ranks.empty.dragonTiger')} />
        ) : entries.length === 0 ? (
          <LoadState state={list} onRetry={reloadList} empty={t('ranks.empty.dragonTigerDay')} />
        ) : (
          <ol className="dt-list">
            {entries.map((entry) => (
              <Entry key={`${entry.symbol}-${entry.reason}`} entry={entry} locale={i18n.language} />
            ))}
          </ol>
        )}
      </div>
    </Screen>
  );
}
