/**
 * The client's one logging seam: everything that must not be swallowed but has no screen of its
 * own (a chunk that failed to load, a response that broke its contract) goes through here.
 */
export const logger = {
  error(message: string, detail?: unknown): void {
    // biome-ignore lint/suspicious/noConsole: this module is the logger
    console.error(`[bourse] ${message}`, detail ?? '');
  },
  warn(message: string, detail?: unknown): void {
    // biome-ignore lint/suspicious/noConsole: this module is the logger
    console.warn(`[bourse] ${message}`, detail ?? '');
  },
};
