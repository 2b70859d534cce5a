import { complaintRoutes } from '@bourse/shared';
import { callApi, request } from '../../../lib/http/client.ts';

/** The fields as multipart with the certificate beside them. */
export function submitComplaint(
  fields: { kind: string; orderId?: string; content: string },
  certificate: File,
) {
  const form = new FormData();
  form.append('kind', fields.kind);
  if (fields.orderId) form.append('orderId', fields.orderId);
  form.append('content', fields.content);
  form.append('certificate', certificate);
  const { method, path, response } = complaintRoutes.submit;
  // Multipart, not the JSON body callApi types: the contract's body describes its fields.
  return request(method, path, response, { body: form, silent: true });
}

export const fetchMyComplaints = (signal?: AbortSignal) =>
  callApi(complaintRoutes.mine, { params: { page: 1, pageSize: 20 }, signal, silent: true });
