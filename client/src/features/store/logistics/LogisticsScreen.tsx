import { type ShipmentView, USER_EVENTS, USER_NAMESPACE, userEventSchemas } from '@bourse/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { formatDate } from '../../../lib/date/formatDate.ts';
import { logger } from '../../../lib/logger.ts';
import { useLoad } from '../../../lib/useLoad.ts';
import { LoadState } from '../../../shared-ui/LoadState.tsx';
import { Screen } from '../../../shared-ui/Screen.tsx';
import { startInbox } from '../../messages/index.ts';
import { sessionSocket } from '../../session/index.ts';
import { fetchShipment } from './logisticsApi.ts';
import { timelineOf } from './timeline.ts';
import './logistics.css';

/** The shipment as the server pushes it on /user while the page is open; others' tracking numbers are ignored. */
function useLiveShipment(trackingNo: string, loaded: ShipmentView | undefined): ShipmentView | undefined {
  const [pushed, setPushed] = useState<ShipmentView>();
  // The /user socket connects with the inbox; a page opened first (from a link) starts it.
  useEffect(startInbox, []);
  useEffect(() => {
    const socket = sessionSocket(USER_NAMESPACE);
    const onShipment = (payload: unknown) => {
      const parsed = userEventSchemas.shipment.safeParse(payload);
      if (!parsed.success) {
        logger.error('logistics: a shipment event broke its contract; dropped', parsed.error.issues);
        return;
      }
      if (parsed.data.trackingNo === trackingNo) setPushed(parsed.data);
    };
    socket.on(USER_EVENTS.shipment, onShipment);
    return () => {
      socket.off(USER_EVENTS.shipment, onShipment);
    };
  }, [trackingNo]);
  // A push newer than the load (more events) wins; a stale one never rolls the page back.
  if (pushed && (!loaded || pushed.events.length >= loaded.events.length)) return pushed;
  return loaded;
}

function Timeline({ shipment }: { shipment: ShipmentView }) {
  const { t } = useTranslation();
  const { t: ts } = useTranslation('store');
  const steps = timelineOf(shipment);
  return (
    <section className="card logistics-timeline" aria-labelledby="timeline-title">
      <h2 className="card__title" id="timeline-title">
        {ts('logistics.timeline')}
      </h2>
      <ol data-testid="timeline">
        {steps.map((step, i) => (
          <li
            key={step.event}
            className={`logistics-step${i === 0 ? ' logistics-step--latest' : ''}`}
            data-testid="timeline-step"
            data-event={step.event}
          >
            <span className="logistics-step__dot" aria-hidden="true" />
            <span className="logistics-step__text">{t(`logistics.events.${step.event}`)}</span>
            <time className="logistics-step__time" dateTime={step.at}>
              {formatDate(step.at, 'YYYY-MM-DD HH:mm')}
            </time>
          </li>
        ))}
      </ol>
    </section>
  );
}

function ShipmentDetail({ shipment }: { shipment: ShipmentView }) {
  const { t } = useTranslation();
  const { t: ts } = useTranslation('store');
  return (
    <>
      <section className="card logistics-head" data-testid="shipment-head">
        <p className="logistics-head__status" data-testid="shipment-status">
          {t(`logistics.events.${shipment.status}`)}
        </p>
        <dl>
          <div>
            <dt>{ts('logistics.trackingNo')}</dt>
            <dd className="logistics-head__tracking">{shipment.trackingNo}</dd>
          </div>
          <div>
            <dt>{ts('logistics.carrier')}</dt>
            <dd>{shipment.carrier}</dd>
          </div>
        </dl>
        {shipment.status === 'delivered' ? null : (
          <p className="logistics-head__live">{ts('logistics.live')}</p>
        )}
      </section>
      <Timeline shipment={shipment} />
    </>
  );
}

/** `/store/logistics/:trackingNo`: a parcel's journey in the shopper's language, moving live. */
export function LogisticsScreen() {
  const { t } = useTranslation();
  const trackingNo = useParams().trackingNo ?? '';
  const [loaded, retry] = useLoad((signal) => fetchShipment(trackingNo, signal), [trackingNo]);
  const shipment = useLiveShipment(trackingNo, loaded.status === 'success' ? loaded.data : undefined);
  return (
    <Screen nav={{ title: t('routes.logistics') }}>
      {shipment ? (
        <ShipmentDetail shipment={shipment} />
      ) : (
        <LoadState state={loaded} onRetry={retry} empty="" />
      )}
    </Screen>
  );
}
