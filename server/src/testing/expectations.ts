import type { Db } from '@bourse/core/platform/database.ts';
import type { ApiResponse } from '@bourse/core/testing/api.ts';
import { ERRORS, type ErrorKey, type ErrorParams, type Locale, translateError } from '@bourse/shared';
import { expect } from 'vitest';
import type { z } from 'zod';
import { withoutWrites } from './rows.ts';

/** A success envelope whose data satisfies the contract's response schema. */
export function expectOk<S extends z.ZodType>(res: ApiResponse, response: S): z.output<S> {
  expect({ status: res.status, code: res.body.code, msg: res.body.msg }).toEqual({
    status: 200,
    code: 1,
    msg: 'ok',
  });
  return response.parse(res.body.data);
}

/** A failure envelope: the key's status as HTTP status and code, its message in `locale`, the key itself, nothing more. */
export function expectFailure(
  res: ApiResponse,
  key: ErrorKey,
  locale: Locale = 'zh-CN',
  params: ErrorParams = {},
) {
  const msg = translateError(locale, key, params);
  expect(msg).not.toBe(key);
  expect({ status: res.status, body: res.body }).toEqual({
    status: ERRORS[key],
    body: { code: ERRORS[key], msg, key },
  });
}

/** A request refused with `key` (message in English) that wrote nothing. */
export async function expectRefused(
  db: Db,
  send: () => Promise<ApiResponse>,
  key: ErrorKey,
  params: ErrorParams = {},
): Promise<void> {
  expectFailure(await withoutWrites(db, send), key, 'en', params);
}
