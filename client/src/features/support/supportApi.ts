import { supportRoutes } from '@bourse/shared';
import { callApi, request } from '../../lib/http/client.ts';

export const fetchSupportSummary = () => callApi(supportRoutes.summary, { silent: true });

/** One picture into the chat, as multipart beside its client key. */
export function sendSupportPicture(picture: File, clientKey: string) {
  const form = new FormData();
  form.append('clientKey', clientKey);
  form.append('picture', picture);
  const { method, path, response } = supportRoutes.picture;
  // Multipart, not the JSON body callApi types: the contract's body describes its fields.
  return request(method, path, response, { body: form, silent: true });
}
