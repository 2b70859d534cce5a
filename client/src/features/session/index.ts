export { changeLanguage, logout } from './sessionApi.ts';
export { sessionSocket } from './sessionSocket.ts';
export type { ColorConvention } from './sessionStore.ts';
export { isLoggedIn, useSession } from './sessionStore.ts';
