import { defineConfig } from 'drizzle-kit';

/**
 * `pnpm --filter @bourse/core db:generate` writes a new versioned migration after a schema change.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
