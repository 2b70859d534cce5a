import { decryptQuery } from '@bourse/core/accounts/credentialsCipher.ts';
import { parseInput } from '@bourse/core/platform/validation.ts';
import type { z } from 'zod';
import type { AppContext } from '../platform/appContext.ts';

/** Decrypts a login/register `query` and parses it with the credentials contract. */
export async function readCredentials<S extends z.ZodType>(
  app: AppContext,
  query: string,
  schema: S,
): Promise<z.output<S>> {
  const { privateKey } = await app.loginKeys();
  return parseInput(schema, decryptQuery(privateKey, query));
}
