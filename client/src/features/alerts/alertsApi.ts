import { type CreateAlert, priceAlertRoutes, type UpdateAlert } from '@bourse/shared';
import { callApi, request } from '../../lib/http/client.ts';

export const fetchAlerts = () => callApi(priceAlertRoutes.list);

/** The caller shows the refusal beside the form (silent). */
export const createAlert = (body: CreateAlert) => callApi(priceAlertRoutes.create, { body, silent: true });

const withId = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

// Switching on, off and on again within a second repeats a body on purpose.
export function updateAlert(id: string, body: UpdateAlert) {
  const route = priceAlertRoutes.update;
  return request(route.method, withId(route.path, id), route.response, { body, repeatSubmit: false });
}

export function deleteAlert(id: string) {
  const route = priceAlertRoutes.remove;
  return request(route.method, withId(route.path, id), route.response);
}
