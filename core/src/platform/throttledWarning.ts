import { logger } from './logger.ts';

/**
 * A warning that an outage or a broken peer would repeat on every message or retry: logged at
 * most once per `intervalMs`, with how many times it happened since the last line.
 */
export class ThrottledWarning {
  private last = 0;
  private count = 0;

  constructor(
    private readonly message: string,
    private readonly intervalMs = 10_000,
  ) {}

  warn(details: Record<string, unknown>): void {
    this.count++;
    if (Date.now() - this.last < this.intervalMs) return;
    logger.warn({ ...details, count: this.count }, this.message);
    this.last = Date.now();
    this.count = 0;
  }
}
