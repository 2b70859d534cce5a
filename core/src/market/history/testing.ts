/** Test helpers for the workers' market tests. */
export {
  DB_KINDS,
  type DbKind,
  EMBEDDED_AND_POSTGRES,
  maintenance,
  openTestDatabase,
} from '../../testing/testDatabase.ts';
