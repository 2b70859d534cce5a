import type { z } from 'zod';
import { parseInput } from '../http/validation.ts';
import type { AppContext } from '../platform/appContext.ts';
import { decryptQuery } from './credentialsCipher.ts';

/** Decrypts a login/register `query` and parses it with the credentials contract. */
export async function readCredentials<S extends z.ZodType>(
  app: AppContext,
  query: string,
  schema: S,
): Promise<z.output<S>> {
  const { privateKey } = await app.loginKeys();
  return parseInput(schema, decryptQuery(privateKey, query));
}
