import { defineConfig } from 'drizzle-kit';

/**
 * `pnpm --filter @bourse/core db:generate` writes a new versioned migration after a schema change.
 * The storefront's tables still live in the server package until its domain moves here.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/db/schema.ts', '../server/src/store/schema.ts'],
  out: './drizzle',
});
