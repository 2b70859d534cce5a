export {
  type AppConfig,
  type AppOptions,
  createApp,
  createRedis,
  type Database,
  type Db,
  loadConfig,
  logger,
  openDatabase,
  type RunningServer,
  seedDemoAccount,
  startServer,
} from './platform/index.ts';
