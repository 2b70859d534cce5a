import { type TopUpMethod, type TopUpRequest, topUpBody, topUpRoutes } from '@bourse/shared';
import { errorText } from '../../../i18n/index.ts';
import { type FieldErrors, fieldErrors } from '../../../lib/forms.ts';

export type RechargeField = 'network' | 'address' | 'amount' | 'txHash' | 'evidence';
export interface RechargeForm {
  method: TopUpMethod;
  network: string;
  /** The deposit address shown for the network: what the user pays to. */
  address: string;
  amount: string;
  txHash: string;
  evidence: File | null;
}

export type RechargeValidation =
  | { ok: true; body: TopUpRequest; evidence: File }
  | { ok: false; errors: FieldErrors<RechargeField> };

const EVIDENCE = topUpRoutes.create.upload;

/** The evidence is required; its declared type and size checked here, its bytes by the server. */
function evidenceError(file: File | null): string | undefined {
  if (!file) return errorText('topUp.evidenceRequired');
  if (EVIDENCE && !EVIDENCE.mimeTypes.includes(file.type)) return errorText('topUp.evidenceBadType');
  if (EVIDENCE && file.size > EVIDENCE.maxBytes) return errorText('topUp.evidenceTooLarge');
  return undefined;
}

/**
 * By the server's own schema (the spec's messages: network and address required, "Please fill
 * correct amount", the transaction hash for blockchain) and the evidence image; a manual
 * top-up sends only its amount.
 */
export function validateRecharge(form: RechargeForm): RechargeValidation {
  const result = topUpBody.safeParse(
    form.method === 'manual'
      ? { method: 'manual', amount: form.amount }
      : {
          method: 'blockchain',
          network: form.network,
          address: form.address,
          amount: form.amount,
          txHash: form.txHash,
        },
  );
  const errors: FieldErrors<RechargeField> = fieldErrors(result);
  const evidence = evidenceError(form.evidence);
  if (evidence) errors.evidence = evidence;
  if (result.success && !evidence && form.evidence) {
    return { ok: true, body: result.data, evidence: form.evidence };
  }
  return { ok: false, errors };
}
