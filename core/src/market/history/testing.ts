/** Test helpers for the workers' market tests. */
export { DB_KINDS, type DbKind, maintenance, openTestDatabase } from '../../testing/testDatabase.ts';
