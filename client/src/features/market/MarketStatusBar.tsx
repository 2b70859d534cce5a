import type { MarketStatus } from '@bourse/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { reloadPage } from '../../lib/reload.ts';
import { withConnection } from './data/connection.ts';
import { useConnectionState, useMarketStatus } from './data/hooks.ts';

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

/**
 * The strip every market screen carries: the market phase, "Simulated market" when the data is
 * not an exchange's, and the connection's trouble when there is some.
 */
export function MarketStatusBar() {
  const { t } = useTranslation();
  const status = useMarketStatus();
  const connection = useConnectionState();
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
      {connection === 'reconnecting' ? (
        <p className="connection-banner" role="status" data-testid="connection-reconnecting">
          <span className="connection-banner__spinner" aria-hidden="true" />
          {t('market.connection.reconnecting')}
        </p>
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
