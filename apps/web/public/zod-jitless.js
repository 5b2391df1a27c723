// Runs before the app's modules (a deferred classic script ahead of them in index.html): the app
// runs under a CSP without 'unsafe-eval' (apps/server/src/security.ts), and zod 4 would otherwise
// probe `new Function` while building its schemas, which the browser reports as a violation.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
