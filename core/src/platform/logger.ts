import { pino } from 'pino';

/** The one logger of the server; startServer sets its level from the config. */
export const logger = pino({ level: process.env.LOG_LEVEL ?? 'info' });
