import { type PriceAlertFired, priceAlertFiredSchema, USER_EVENTS, USER_NAMESPACE } from '@bourse/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatPct, formatPrice } from '../../lib/format.ts';
import { logger } from '../../lib/logger.ts';
import { Icon } from '../../shared-ui/Icon.tsx';
import { alertConditionText, startInbox } from '../messages/index.ts';
import { sessionSocket, useSession } from '../session/index.ts';
import './alerts.css';

/** How long a banner stays unless dismissed; the inbox keeps the message. */
export const BANNER_MS = 8_000;

/** The latest firing heard on /user while signed in, until dismissed or BANNER_MS pass. */
function useFiredAlert(): [PriceAlertFired | undefined, () => void] {
  const signedIn = useSession((s) => s.token !== '');
  const [fired, setFired] = useState<PriceAlertFired>();
  useEffect(() => {
    if (!signedIn) return;
    // The /user socket connects with the inbox, which follows the session.
    startInbox();
    const socket = sessionSocket(USER_NAMESPACE);
    const onFired = (payload: unknown) => {
      const parsed = priceAlertFiredSchema.safeParse(payload);
      if (parsed.success) setFired(parsed.data);
      else logger.error('alerts: a priceAlert event broke its contract; dropped', parsed.error.issues);
    };
    socket.on(USER_EVENTS.priceAlert, onFired);
    return () => {
      socket.off(USER_EVENTS.priceAlert, onFired);
    };
  }, [signedIn]);
  useEffect(() => {
    if (!fired) return;
    const timer = setTimeout(() => setFired(undefined), BANNER_MS);
    return () => clearTimeout(timer);
  }, [fired]);
  return [fired, () => setFired(undefined)];
}

/** The in-app banner of a fired price alert, above whatever screen is open; a tap opens the stock. */
export function AlertBanner() {
  const { t } = useTranslation();
  const [fired, dismiss] = useFiredAlert();
  if (!fired) return null;
  return (
    <div className="alert-banner" role="alert" data-testid="alert-banner">
      <Link to={`/stockInfo/${fired.symbol}`} className="alert-banner__body" onClick={dismiss}>
        <Icon name="bell" size={20} />
        <span>
          <strong className="alert-banner__title">
            {t('alerts.banner.title', { name: fired.name, symbol: fired.symbol })}
          </strong>
          <span className="alert-banner__text">
            {t('alerts.banner.body', {
              condition: alertConditionText(t, fired),
              price: formatPrice(fired.price),
              pct: formatPct(fired.pct),
            })}
          </span>
        </span>
      </Link>
      <button
        type="button"
        className="alert-banner__close"
        onClick={dismiss}
        aria-label={t('alerts.banner.close')}
      >
        <Icon name="close" size={18} />
      </button>
    </div>
  );
}
