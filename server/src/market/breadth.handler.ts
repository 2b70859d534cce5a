import type { marketRoutes } from '@bourse/shared';
import type { Handler } from '../http/mountRoute.ts';

/** This process's counts, kept with its quotes; zeros before the feed has published any. */
export const breadthHandler: Handler<typeof marketRoutes.breadth> = async ({ app }) => app.market.breadth();
