// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { applyFrame, isMobileUserAgent } from './frame.ts';

const UA = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/604.1',
  windowsPhone: 'Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1; Microsoft; Lumia 950) Edge/15.15063',
  desktop:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
};

describe('desktop frame', () => {
  it('counts Android, iPhone, iPad, iPod, Symbian and Windows Phone as mobile', () => {
    expect([UA.iphone, UA.android, UA.ipad, UA.windowsPhone].map(isMobileUserAgent)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(isMobileUserAgent('NokiaN8/SymbianOS')).toBe(true);
    expect(isMobileUserAgent('Mozilla/5.0 (iPod touch; CPU iPhone OS 15_0)')).toBe(true);
  });

  it('frames everything else', () => {
    expect([UA.desktop, UA.mac].map(isMobileUserAgent)).toEqual([false, false]);
    applyFrame(UA.desktop);
    expect(document.documentElement.dataset.frame).toBe('desktop');
    applyFrame(UA.iphone);
    expect(document.documentElement.dataset.frame).toBe('mobile');
  });
});
