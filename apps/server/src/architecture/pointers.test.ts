import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Comments and docs resolve inside the repository (ARCHITECTURE «Docs rules»): a reader of the
 * code has neither the planning notes nor the tracker, so a comment points to docs/ or says its
 * reason itself. Decision records and the benchmark log may name the request they answer.
 */
const ROOT = fileURLToPath(new URL("../../../..", import.meta.url));
const SCANNED = ["apps", "packages", "e2e", "bench", "scripts", "docs", "README.md", "eslint.config.js", "vitest.config.ts"];
const SKIPPED_DIRS = new Set(["node_modules", "dist", "data", "coverage", "test-results"]);
const TEXT = /\.(ts|tsx|js|mjs|cjs|css|md|graphql|json|html|yml|yaml)$/;

const OUTSIDE = /DESIGN\.md|PRODUCT-NOTES|STYLE\.md|\.\.\/shared\/|\/work\/shared|HELPER-RULES/;
const ISSUE = /\bissues?\s+#?\d+|\bissue\s+#\d+/i;
const MAY_NAME_ISSUES = (path: string): boolean => path.startsWith("docs/decisions/") || path === "bench/RESULTS.md";

function files(path: string): string[] {
  const absolute = join(ROOT, path);
  try {
    return readdirSync(absolute, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? (SKIPPED_DIRS.has(entry.name) ? [] : files(join(path, entry.name))) : TEXT.test(entry.name) ? [join(path, entry.name)] : [],
    );
  } catch {
    return [path];
  }
}

export function outsidePointers(path: string, text: string): string[] {
  return text.split("\n").flatMap((line, index) => {
    const hit = OUTSIDE.test(line) || (!MAY_NAME_ISSUES(path) && ISSUE.test(line));
    return hit ? [`${path}:${index + 1}: ${line.trim()}`] : [];
  });
}

describe("comments and docs", () => {
  it("point inside the repository (no planning notes, no issue numbers)", () => {
    const scanned = SCANNED.flatMap(files).map((path) => relative(ROOT, join(ROOT, path)));
    expect(scanned.length).toBeGreaterThan(300);
    const found = scanned
      .filter((path) => path !== "apps/server/src/architecture/pointers.test.ts")
      .flatMap((path) => outsidePointers(path, readFileSync(join(ROOT, path), "utf8")));
    expect(found).toEqual([]);
  });

  it.each([
    ["apps/web/src/x.ts", "// see DESIGN.md §4", true],
    ["apps/web/src/x.ts", "// PRODUCT-NOTES «Exports»", true],
    ["apps/web/src/x.ts", "import x from '../shared/spec'", true],
    ["apps/web/src/x.ts", "/* Issue 10: sizes */", true],
    ["apps/web/src/x.ts", "// fixed in issue #12", true],
    ["docs/decisions/013-static-assets.md", "**Problem.** Issue 10, item 4", false],
    ["docs/decisions/013-static-assets.md", "see DESIGN.md", true],
    ["apps/web/src/x.ts", '// spec §3.6 "System tree"', false],
    ["apps/web/src/x.ts", "const colour = '#12AB34'; // the issue is contrast", false],
  ])("%s: %j is flagged: %s", (path, line, flagged) => {
    expect(outsidePointers(path, line).length > 0).toBe(flagged);
  });
});
