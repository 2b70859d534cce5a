import { z } from 'zod';

/** Every JSON answer of the API: success carries `code: 1`, failure any other code. */
export type SuccessEnvelope<T> = { code: 1; msg: 'ok'; data: T };
/** `key` is the errors-catalogue key, so a client can react to one failure without reading text. */
export type FailureEnvelope = { code: number; msg: string; key?: string };
export type Envelope<T> = SuccessEnvelope<T> | FailureEnvelope;

export const SUCCESS_CODE = 1;

export function ok<T>(data: T): SuccessEnvelope<T> {
  return { code: SUCCESS_CODE, msg: 'ok', data };
}

/** zod for a success envelope around `data`, for clients that parse what they receive. */
export const successEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.literal(SUCCESS_CODE), msg: z.string(), data });

export const failureEnvelope = z.object({
  code: z.number().int(),
  msg: z.string(),
  key: z.string().optional(),
});
