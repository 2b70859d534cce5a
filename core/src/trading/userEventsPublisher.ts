import type { Outbox } from './execution.ts';

/**
 * The port trading tells users through: what a committed transaction changed for them. Never
 * throws (the change is already made). The Redis/Socket.IO adapter is user-channel/userEvents.ts,
 * wired where a process builds its services.
 */
export interface UserEventsPublisher {
  publish(out: Outbox): void;
}
