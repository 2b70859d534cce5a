/** What the workers' session purge uses of the server. */
export { purgeExpiredSessions } from './sessions.ts';
