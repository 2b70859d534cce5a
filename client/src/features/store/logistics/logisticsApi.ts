import { logisticsRoutes } from '@bourse/shared';
import { callApi } from '../../../lib/http/client.ts';

/** Silent: a refusal (unknown tracking number) shows on the page with a retry. */
export const fetchShipment = (trackingNo: string, signal?: AbortSignal) =>
  callApi(logisticsRoutes.shipment, { params: { trackingNo }, signal, silent: true });
