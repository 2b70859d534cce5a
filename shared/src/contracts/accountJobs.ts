/** BullMQ queues of account upkeep; names carry no ':' (BullMQ's key separator). */
export const ACCOUNT_QUEUES = {
  /** Deletes expired sessions now and then. */
  sessionPurge: 'account-session-purge',
} as const;

export const ACCOUNT_JOBS = { purgeSessions: 'purge-sessions' } as const;
