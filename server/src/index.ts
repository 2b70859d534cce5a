/** The HTTP and Socket.IO edge: what the single-process start and the tests that need a server use. */

export { seedStoreCatalogue } from '@bourse/core/store/seedCatalogue.ts';
export { seedPromoCodes } from '@bourse/core/store/seedPromoCodes.ts';
export { createApp } from './platform/app.ts';
export type { AppOptions } from './platform/appContext.ts';
export { type RunningServer, startServer } from './platform/server.ts';
