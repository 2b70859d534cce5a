import type en from '../i18n/locales/en.json';

/** A screen's title is `routes.<id>` in the translation catalogue. */
export type RouteId = keyof (typeof en)['routes'];

/** What the app frame reads from the matched route (react-router `handle`). */
export interface RouteHandle {
  /** Title key: `routes.<id>`. */
  id: RouteId;
  /** Show the bottom tab bar under this screen. */
  tabBar?: boolean;
}

export interface ScreenRoute extends RouteHandle {
  path: string;
  /**
   * The parameter (path or query) naming what the screen shows; a link without it leads to
   * `fallback`, where the user picks one, instead of an error.
   */
  needs?: { param: string; fallback: string };
}
