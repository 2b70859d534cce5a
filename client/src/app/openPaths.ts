/**
 * The one list of paths open without login (DESIGN.md: market data and information screens,
 * plus the spec's own open paths). Everything else needs a session. `/x/*` also opens `/x`.
 */
export const OPEN_PATHS = [
  '/home',
  '/homedetail',
  '/market',
  '/stockInfo/*',
  '/dayUpStop',
  '/dayStop',
  '/tenDeal',
  '/dragonTigerList',
  '/shares/new',
  '/shares/new-detail',
  '/search/search',
  '/helpForNewbies',
  '/marketClock',
  '/tradingRules',
  '/userAgreement',
  '/privacyAgreement',
  '/aboutUs',
  '/login',
  '/register',
  '/agreement',
  '/forgotPassword',
  '/changePassword',
  '/cms/web',
  '/customerService',
  '/test',
  // The storefront is open to browse (docs/adr/0015-storefront.md).
  '/shop',
  '/explore',
  '/detail/*',
  '/search',
] as const;

function normalise(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export function isOpenPath(pathname: string): boolean {
  const path = normalise(pathname);
  return OPEN_PATHS.some((open) => {
    if (!open.endsWith('/*')) return path === open;
    const prefix = open.slice(0, -2);
    return path === prefix || path.startsWith(`${prefix}/`);
  });
}
