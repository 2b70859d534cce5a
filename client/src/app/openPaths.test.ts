import { describe, expect, it } from 'vitest';
import { isOpenPath } from './openPaths.ts';

describe('isOpenPath', () => {
  it.each([
    '/home',
    '/homedetail',
    '/market',
    '/stockInfo',
    '/stockInfo/604519',
    '/dayUpStop',
    '/shares/new',
    '/search/search',
    '/tradingRules',
    '/login',
    '/register',
    '/agreement',
    '/forgotPassword',
    '/customerService',
    '/home/',
    '/shop',
    '/explore',
    '/detail/42',
    '/search',
  ])('%s is open', (path) => {
    expect(isOpenPath(path)).toBe(true);
  });

  it.each([
    '/',
    '/my',
    '/personCenter',
    '/setting',
    '/change-pwt',
    '/trade',
    '/ucenter/holding',
    '/shares/newer',
    '/stockInfoX',
    '/messages',
    '/nowhere',
    '/shopping',
    '/cart',
  ])('%s needs a login', (path) => {
    expect(isOpenPath(path)).toBe(false);
  });
});
