import type { ScreenRoute } from './routeTypes.ts';

/**
 * Screens of the spec's route list that later issues build. Until then each shows its
 * translated title and "This screen arrives in a later release" (features/placeholder).
 * Remove a line here when its real screen lands in routes.tsx.
 */
export const PLACEHOLDER_ROUTES = [
  // Not yet scheduled
] as const satisfies readonly ScreenRoute[];
