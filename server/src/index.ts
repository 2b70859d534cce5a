/** The HTTP and Socket.IO edge: what the single-process start and the tests that need a server use. */
export { createApp } from './platform/app.ts';
export type { AppOptions } from './platform/appContext.ts';
export { type RunningServer, startServer } from './platform/server.ts';
export { seedStoreCatalogue } from './store/seedCatalogue.ts';
export { seedPromoCodes } from './store/seedPromoCodes.ts';
