import type { PriceAlertList, PriceAlertView } from '@bourse/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDate } from '../../lib/date/formatDate.ts';
import { formatPrice } from '../../lib/format.ts';
import { success } from '../../lib/loadable.ts';
import { useLoad } from '../../lib/useLoad.ts';
import { Button } from '../../shared-ui/Button.tsx';
import { LoadState } from '../../shared-ui/LoadState.tsx';
import { Screen } from '../../shared-ui/Screen.tsx';
import { toast } from '../../shared-ui/toast/toastStore.ts';
import { alertConditionText } from '../messages/index.ts';
import { deleteAlert, fetchAlerts, updateAlert } from './alertsApi.ts';
import './alerts.css';

/** The alert as the update route takes it whole, switched on or off. */
const switched = (alert: PriceAlertView, enabled: boolean) => ({
  enabled,
  kind: alert.kind,
  ...(alert.level === null ? {} : { level: alert.level }),
  ...(alert.percent === null ? {} : { percent: alert.percent }),
  repeat: alert.repeat,
  ...(alert.cooldownMinutes === null ? {} : { cooldownMinutes: alert.cooldownMinutes }),
});

function AlertRow({
  alert,
  onChanged,
  onDeleted,
}: {
  alert: PriceAlertView;
  onChanged: (alert: PriceAlertView) => void;
  onDeleted: (list: PriceAlertList) => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const act = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="alert-row" data-testid={`alert-${alert.id}`}>
      <div className="alert-row__main">
        <Link to={`/stockInfo/${alert.symbol}`} className="alert-row__stock">
          {alert.name} <span className="alert-row__code">{alert.symbol}</span>
        </Link>
        <p className="alert-row__condition">{alertConditionText(t, alert)}</p>
        <p className="alert-row__meta">
          {alert.cooldownMinutes === null
            ? t('alerts.onceShort')
            : t('alerts.repeatShort', { minutes: alert.cooldownMinutes })}
          {alert.lastFiredAt && alert.lastFiredPrice
            ? ` · ${t('alerts.lastFired', { price: formatPrice(alert.lastFiredPrice), time: formatDate(alert.lastFiredAt, 'MM-DD HH:mm') })}`
            : null}
        </p>
      </div>
      <label className="alert-row__switch">
        <input
          type="checkbox"
          role="switch"
          checked={alert.enabled}
          aria-checked={alert.enabled}
          disabled={busy}
          aria-label={t('alerts.toggle', { name: alert.name })}
          onChange={(e) => {
            const enabled = e.target.checked;
            void act(async () => onChanged(await updateAlert(alert.id, switched(alert, enabled))));
          }}
          data-testid="alert-toggle"
        />
        <span className="alert-row__track" aria-hidden="true" />
      </label>
      <Button
        variant="ghost"
        className="alert-row__delete"
        disabled={busy}
        onClick={() =>
          void act(async () => {
            onDeleted(await deleteAlert(alert.id));
            toast.success(t('alerts.deleted'));
          })
        }
        testId="alert-delete"
      >
        {t('alerts.delete')}
      </Button>
    </li>
  );
}

/** `/my/alerts`: the user's price alerts, to switch on or off and delete. */
export function PriceAlertsScreen() {
  const { t } = useTranslation();
  const [loaded, reload] = useLoad(() => fetchAlerts(), []);
  // What the last change answered, over the load.
  const [changed, setChanged] = useState<PriceAlertList>();
  const list = changed ?? (loaded.status === 'success' ? loaded.data : undefined);
  const enabled = list?.alerts.filter((a) => a.enabled).length ?? 0;
  return (
    <Screen nav={{ title: t('routes.priceAlerts') }}>
      {list && list.alerts.length > 0 ? (
        <>
          <p className="alert-count" data-testid="alert-count">
            {t('alerts.count', { enabled, max: list.max })}
          </p>
          <ul className="alert-list">
            {list.alerts.map((alert) => (
              <AlertRow
                key={alert.id}
                alert={alert}
                onChanged={(next) =>
                  setChanged({ ...list, alerts: list.alerts.map((a) => (a.id === next.id ? next : a)) })
                }
                onDeleted={setChanged}
              />
            ))}
          </ul>
        </>
      ) : (
        <LoadState state={changed ? success(changed) : loaded} onRetry={reload} empty={t('alerts.empty')} />
      )}
    </Screen>
  );
}
