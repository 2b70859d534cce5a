import type { MarketStatus } from '@bourse/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorText } from '../../i18n/index.ts';
import { formatDate } from '../../lib/date/formatDate.ts';
import { reloadPage } from '../../lib/reload.ts';
import { loadMarketConnection } from './data/connection.ts';
import {
  useConnectionRefusal,
  useConnectionState,
  useFeedState,
  useMarketStatus,
  useOpenMarketSocket,
} from './data/hooks.ts';
import { formatCountdown, marketClockView } from './data/marketClock.ts';
import type { ConnectionState } from './data/marketStore.ts';
import './marketStatus.css';

/** Phases as a colour: trading, an auction, or no trading. */
function phaseTone(phase: MarketStatus['phase']): 'open' | 'auction' | 'shut' {
  switch (phase) {
    case 'continuous':
      return 'open';
    case 'openingCall':
    case 'openingCallLocked':
    case 'closingCall':
    case 'afterHoursFixed':
      return 'auction';
    default:
      return 'shut';
  }
}

/** What the reconnecting banner says: this client's connection is down, or the server's feed is. */
function reconnectingText(connection: ConnectionState, feed: 'live' | 'reconnecting') {
  if (connection === 'reconnecting') return 'market.connection.reconnecting' as const;
  if (connection === 'open' && feed === 'reconnecting') return 'market.connection.feedReconnecting' as const;
  return null;
}

const retry = () => {
  void loadMarketConnection().then((connection) => connection.retry());
};

/** Real time now, once a second: the clock and its countdown move with it. */
function useWallClock(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** The market's date and time, and the real time left until the next phase. */
function MarketClock({ status }: { status: MarketStatus }) {
  const { t } = useTranslation();
  const clock = marketClockView(status, useWallClock());
  return (
    <>
      {clock.next ? (
        <span className="market-status__next" data-testid="market-next-phase">
          {t('market.clock.next', {
            phase: t(`market.phase.${clock.next.phase}`),
            time: formatCountdown(clock.next.realMs),
          })}
        </span>
      ) : null}
      <time
        className="market-status__date"
        dateTime={new Date(clock.marketNow).toISOString()}
        title={t('market.clock.label')}
        data-testid="market-clock"
      >
        {formatDate(clock.marketNow, 'YYYY-MM-DD HH:mm')}
      </time>
    </>
  );
}

/**
 * The strip every market screen carries: the market phase and the time to the next one, the
 * market's date and time, what a simulation's pace is (linking to the page that explains it),
 * and the connection's trouble when there is some: the prices are not live while either this
 * client's connection or the server's feed is reconnecting.
 */
export function MarketStatusBar() {
  const { t } = useTranslation();
  const status = useMarketStatus();
  const connection = useConnectionState();
  const refusal = useConnectionRefusal();
  const reconnecting = reconnectingText(connection, useFeedState());
  useOpenMarketSocket();

  return (
    <div className="market-status-bar">
      {reconnecting ? (
        <p className="connection-banner" role="status" data-testid="connection-reconnecting">
          <span className="spinner" aria-hidden="true" />
          {t(reconnecting)}
        </p>
      ) : null}
      {connection === 'refused' && refusal ? (
        <div
          className="connection-banner connection-banner--error"
          role="alert"
          data-testid="connection-refused"
        >
          <span>{errorText(refusal.key, refusal.params)}</span>
          <button type="button" className="connection-banner__action" onClick={retry}>
            {t('market.connection.retry')}
          </button>
        </div>
      ) : null}
      {connection === 'incompatible' ? (
        <div
          className="connection-banner connection-banner--error"
          role="alert"
          data-testid="connection-incompatible"
        >
          <span>{t('market.connection.incompatible')}</span>
          <button type="button" className="connection-banner__action" onClick={reloadPage}>
            {t('market.connection.reload')}
          </button>
        </div>
      ) : null}
      <div className="market-status" data-testid="market-status">
        {status ? (
          <span className={`phase phase--${phaseTone(status.phase)}`} data-testid="market-phase">
            <span className="phase__dot" aria-hidden="true" />
            {t(`market.phase.${status.phase}`)}
          </span>
        ) : (
          <span className="phase phase--shut" data-testid="market-phase">
            {connection === 'idle' || connection === 'connecting'
              ? t('market.connection.connecting')
              : t('market.phase.unknown')}
          </span>
        )}
        {status ? <MarketClock status={status} /> : null}
      </div>
      {status?.clock ? (
        <Link to="/marketClock" className="sim-pace" data-testid="market-simulated">
          {t('market.clock.pace', { minutes: Math.round(status.clock.cycleMs / 60_000) })}
        </Link>
      ) : status?.simulated ? (
        <Link to="/marketClock" className="sim-pace" data-testid="market-simulated">
          {t('market.simulated')}
        </Link>
      ) : status === null ? (
        // Until the first status says whether the market is simulated, its line holds its place
        // unseen: the screen below must not jump when it arrives.
        <span className="sim-pace sim-pace--pending holds-line" aria-hidden="true" />
      ) : null}
    </div>
  );
}
