import { defineConfig } from "vitest/config";

// One runner for every suite; `npm test` runs them all (scripts/test-all.mjs).
export default defineConfig({
  test: {
    projects: [
      { test: { name: "domain", include: ["packages/domain/src/**/*.test.ts"] } },
      {
        test: {
          name: "server",
          include: ["apps/server/src/**/*.test.ts"],
          testTimeout: 20000,
          hookTimeout: 30000,
          fileParallelism: false,
        },
      },
      { test: { name: "web", include: ["apps/web/src/**/*.test.{ts,tsx}"] } },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.e2e.ts"],
          testTimeout: 60000,
          hookTimeout: 120000,
          fileParallelism: false,
        },
      },
    ],
  },
});
