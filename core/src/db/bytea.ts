import { customType } from 'drizzle-orm/pg-core';

/** node-postgres hands bytea back as a Buffer, PGlite as a Uint8Array: normalise to Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});
