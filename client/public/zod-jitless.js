// The Content-Security-Policy forbids eval (docs/adr/0012-token-cookie-and-csp.md). zod would
// compile its parsers with `new Function`, and probe for it when its first schema is made
// (a probe Chromium reports as a violation even though zod catches it). zod reads this global
// when it loads, so it must be set before any module runs: a deferred script ahead of them.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
