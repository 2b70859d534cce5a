import type { MarketStatus } from '@bourse/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/index.ts';
import { reloadPage } from '../../lib/reload.ts';
import { loadMarketConnection, withConnection } from './data/connection.ts';
import { useConnectionRefusal, useConnectionState, useFeedState, useMarketStatus } from './data/hooks.ts';
import type { ConnectionState } from './data/marketStore.ts';

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

/**
 * The strip every market screen carries: the market phase, "Simulated market" when the data is
 * not an exchange's, and the connection's trouble when there is some: the prices are not live
 * while either this client's connection or the server's feed is reconnecting.
 */
export function MarketStatusBar() {
  const { t } = useTranslation();
  const status = useMarketStatus();
  const connection = useConnectionState();
  const refusal = useConnectionRefusal();
  const reconnecting = reconnectingText(connection, useFeedState());
  // The status arrives with the socket: open it even where nothing else streams.
  useEffect(
    () =>
      withConnection((connection) => {
        connection.open();
        return undefined;
      }),
    [],
  );

  return (
    <div className="market-status-bar">
      {reconnecting ? (
        <p className="connection-banner" role="status" data-testid="connection-reconnecting">
          <span className="connection-banner__spinner" aria-hidden="true" />
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
        {status?.simulated ? (
          <span className="sim-badge" data-testid="market-simulated">
            {t('market.simulated')}
          </span>
        ) : null}
        {status ? <span className="market-status__date">{status.tradingDate}</span> : null}
      </div>
    </div>
  );
}
