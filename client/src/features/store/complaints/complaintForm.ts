import { type ComplaintKind, complaintBody, complaintRoutes } from '@bourse/shared';
import type { z } from 'zod';
import { errorText } from '../../../i18n/index.ts';
import { type FieldErrors, fieldErrors } from '../../../lib/forms.ts';

export type ComplaintField = 'kind' | 'orderId' | 'content' | 'certificate';
export interface ComplaintForm {
  kind: ComplaintKind;
  orderId: string;
  content: string;
  certificate: File | null;
}

export type ComplaintValidation =
  | { ok: true; body: z.infer<typeof complaintBody>; certificate: File }
  | { ok: false; errors: FieldErrors<ComplaintField> };

const CERTIFICATE = complaintRoutes.submit.upload;

/** The certificate is required; its declared type and size checked here, its bytes by the server. */
function certificateError(file: File | null): string | undefined {
  if (!file) return errorText('store.certificateRequired');
  if (CERTIFICATE && !CERTIFICATE.mimeTypes.includes(file.type)) return errorText('store.certificateBadType');
  if (CERTIFICATE && file.size > CERTIFICATE.maxBytes) return errorText('store.certificateTooLarge');
  return undefined;
}

/** By the server's own schema (content required, an order for an order complaint) and the certificate. */
export function validateComplaint(form: ComplaintForm): ComplaintValidation {
  const result = complaintBody.safeParse({
    kind: form.kind,
    orderId: form.kind === 'order' ? form.orderId : undefined,
    content: form.content,
  });
  const errors: FieldErrors<ComplaintField> = fieldErrors(result);
  const certificate = certificateError(form.certificate);
  if (certificate) errors.certificate = certificate;
  if (result.success && !certificate && form.certificate) {
    return { ok: true, body: result.data, certificate: form.certificate };
  }
  return { ok: false, errors };
}
