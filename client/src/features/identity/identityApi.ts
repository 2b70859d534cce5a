import { identityRoutes, type SetPayPassword, userRoutes } from '@bourse/shared';
import { callApi, request } from '../../lib/http/client.ts';

export const fetchAuthenticationDetail = (signal?: AbortSignal) =>
  callApi(userRoutes.authenticationDetail, { signal });

/** Name and number as multipart fields, the photo beside them when there is one. */
export function submitRealName(fields: { realName: string; idNumber: string }, photo: File | null) {
  const form = new FormData();
  form.append('realName', fields.realName);
  form.append('idNumber', fields.idNumber);
  if (photo) form.append('photo', photo);
  const { method, path, response } = identityRoutes.submitRealName;
  // Multipart, not the JSON body callApi types: the contract's body describes its fields.
  return request(method, path, response, { body: form, silent: true });
}

export const fetchPayPasswordStatus = (signal?: AbortSignal) =>
  callApi(identityRoutes.payPasswordStatus, { signal });

export const savePayPassword = (body: SetPayPassword) =>
  callApi(identityRoutes.setPayPassword, { body, silent: true });
