import { createRequire } from "node:module";
import { defineConfig } from "vitest/config";

// Node loads graphql's CommonJS build for Mercurius and for our ESM imports alike (the package has
// no "exports"); Vite would pick its .mjs build for our files: two copies, broken instanceof.
const graphqlCjs = createRequire(import.meta.url).resolve("graphql");

// One runner for every suite; `npm test` runs them all (scripts/test-all.mjs).
export default defineConfig({
  test: {
    projects: [
      { test: { name: "domain", include: ["packages/domain/src/**/*.test.ts"] } },
      { test: { name: "protocol", include: ["packages/protocol/src/**/*.test.ts"] } },
      {
        resolve: { alias: [{ find: /^graphql$/, replacement: graphqlCjs }] },
        test: {
          name: "server",
          include: ["apps/server/src/**/*.test.ts"],
          testTimeout: 20000,
          hookTimeout: 30000,
          fileParallelism: false,
        },
      },
      { test: { name: "web", include: ["apps/web/src/**/*.test.{ts,tsx}"] } },
      { test: { name: "simulator", include: ["apps/simulator/src/**/*.test.ts"], testTimeout: 20000 } },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.e2e.ts"],
          testTimeout: 60000,
          hookTimeout: 120000,
          // Two files at once: each starts its own server (SQLite in a temp folder, free ports), and
          // one file alone keeps the two cores about half busy, waiting on the browser and its server.
          // (docs/decisions/047-browser-tests-two-files-at-once.md)
          maxWorkers: 2,
          // A browser waits on a server that shares two cores with everything else: expect.poll's
          // 1 s default failed a page's first render under CI load; 10 s still fails fast enough.
          expect: { poll: { timeout: 10_000, interval: 100 } },
        },
      },
    ],
  },
});
