/** Test helpers of storefront logistics, for the workers' tests. */
export { DB_KINDS, openTestDatabase } from '../../testing/testDatabase.ts';
export { createUser } from '../../trading/testing/serviceDeps.ts';
