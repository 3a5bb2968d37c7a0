/**
 * Zod probes once whether it may compile parsers with `new Function`. Our pages forbid eval
 * (script-src 'self', http/security-headers.ts), so the probe fails: zod copes, but the browser
 * reports a CSP violation on every page that validates a form (Lighthouse best practices,
 * "issues logged in the Issues panel"). Jitless mode skips the probe.
 *
 * Set through zod's shared global config object (the one `z.config()` writes, see
 * zod/v4/core/core.js) rather than by importing zod: the entry chunk stays free of zod, which
 * loads with the first form. Imported first by boot.tsx so it runs before any schema parses.
 */
const shared = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(shared.__zod_globalConfig ??= {}).jitless = true;
