import { pino } from 'pino';

/**
 * The one logger of every process; startServer sets its level from the config. A terminal gets
 * readable lines (pino-pretty, in pino's transport thread); anything else, a file or a container's
 * log driver, gets one JSON object a line.
 */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? 'info',
  ...(process.stdout.isTTY && {
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' },
    },
  }),
});
