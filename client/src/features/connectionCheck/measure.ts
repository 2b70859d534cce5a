/** Round trips of one channel in ms: the fastest, the middle one and the slowest, of `count`. */
export interface Latency {
  min: number;
  median: number;
  max: number;
  count: number;
}

/**
 * One ping with the server's clock: when it left and came back on this device's clock (ms since
 * the epoch), how long it took on the monotonic clock (ms), and the server's time as it answered.
 */
export interface ClockSample {
  sentAt: number;
  receivedAt: number;
  roundTripMs: number;
  serverTime: number;
}

/** How far the server's clock is ahead of this device's (negative: behind), to within ± `uncertaintyMs`. */
export interface ClockSkew {
  offsetMs: number;
  uncertaintyMs: number;
}

/** The spread of some round trips; null when none came back. */
export function latencyOf(roundTrips: readonly number[]): Latency | null {
  if (roundTrips.length === 0) return null;
  const sorted = [...roundTrips].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return { min: sorted[0] ?? 0, median, max: sorted.at(-1) ?? 0, count: sorted.length };
}

/**
 * NTP's estimate: the server read its clock somewhere within the round trip, most likely near its
 * middle, so the offset is serverTime − (sentAt + receivedAt) / 2, wrong by at most half the round
 * trip. The fastest round trip gives the tightest bound, so that sample is the one used.
 */
export function clockSkewOf(samples: readonly ClockSample[]): ClockSkew | null {
  let best: ClockSample | undefined;
  for (const sample of samples) if (!best || sample.roundTripMs < best.roundTripMs) best = sample;
  if (!best) return null;
  return {
    offsetMs: Math.round(best.serverTime - (best.sentAt + best.receivedAt) / 2),
    uncertaintyMs: Math.ceil(best.roundTripMs / 2),
  };
}

const BROWSERS: readonly [RegExp, string][] = [
  [/Edg(?:A|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/MicroMessenger\/(\d+)/, 'WeChat'],
  [/(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/HeadlessChrome\/(\d+)/, 'Headless Chrome'],
  [/(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+(?:\.\d+)?).*Safari/, 'Safari'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/Android (\d+(?:\.\d+)?)/, 'Android'],
  [/(?:iPhone|iPad|CPU) OS (\d+(?:_\d+)?)/, 'iOS'],
  [/Windows NT (\d+\.\d+)/, 'Windows NT'],
  [/Mac OS X (\d+(?:[._]\d+)?)/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

function firstMatch(userAgent: string, patterns: readonly [RegExp, string][]): string | undefined {
  for (const [pattern, name] of patterns) {
    const version = pattern.exec(userAgent)?.[1];
    if (pattern.test(userAgent)) return version ? `${name} ${version.replace('_', '.')}` : name;
  }
  return undefined;
}

/** "Chrome 131 · Android 14": the browser and system a user agent names, or the agent itself if neither is known. */
export function userAgentSummary(userAgent: string): string {
  const parts = [firstMatch(userAgent, BROWSERS), firstMatch(userAgent, SYSTEMS)].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : userAgent;
}
