// Lighthouse (mobile profile, its defaults: Moto G Power viewport, simulated
// slow 4G and 4× CPU slowdown) on /login and /display of a demo server. Prints the scores as a
// table; numbers go into bench/RESULTS.md.
//   npm run build && node bench/lighthouse.ts   (needs /usr/bin/chromium; runs offline)
// Each page is measured RUNS times and the median run per category is reported: the simulated
// performance score moves by a few points between runs on a shared machine.
import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { freePort, startServer } from "../e2e/support/server.ts";

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
// A folder to keep each run's full report (JSON, for the audits' details) in.
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
const PAGES = ["/login", "/display"];
const CATEGORIES = ["performance", "accessibility", "best-practices"] as const;
const TARGETS: Record<(typeof CATEGORIES)[number], number> = { performance: 90, accessibility: 100, "best-practices": 100 };

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const server = await startServer({ DEMO_MODE: "true", CONTROLLER_PORT: String(await freePort()), LOG_LEVEL: "error" });
const chrome = await launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
});
const rows: string[][] = [];
try {
  for (const path of PAGES) {
    const scores: Record<string, number[]> = {};
    const failing = new Set<string>();
    for (let run = 0; run < RUNS; run++) {
      const result = await lighthouse(`${server.baseUrl}${path}`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] });
      if (!result) throw new Error(`lighthouse gave no result for ${path}`);
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.message}`);
      if (REPORTS) writeFileSync(join(REPORTS, `${path.slice(1).replaceAll("/", "-")}-${run + 1}.json`), JSON.stringify(lhr));
      for (const category of CATEGORIES) {
        const { score, auditRefs } = lhr.categories[category] ?? { score: null, auditRefs: [] };
        (scores[category] ??= []).push(Math.round((score ?? 0) * 100));
        // What costs points, so a drop says where to look (weighted audits below full score).
        for (const ref of auditRefs) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) failing.add(`${category}: ${ref.id} (${audit.displayValue ?? audit.score})`);
        }
      }
      const metric = (id: string): string => lhr.audits[id]?.displayValue ?? "?";
      // Simulated throttling scales the CPU time observed here: a busy machine (benchmark index
      // low, load high) scores lower than a phone would. Both go with every quoted score.
      console.error(`${path} run ${run + 1}: benchmark index ${Math.round(lhr.environment.benchmarkIndex)}, load ${loadavg()[0]?.toFixed(1)}`);
      if (run === RUNS - 1)
        console.error(
          `${path}: FCP ${metric("first-contentful-paint")}, LCP ${metric("largest-contentful-paint")}, TBT ${metric("total-blocking-time")}, CLS ${metric("cumulative-layout-shift")}`,
        );
    }
    for (const line of failing) console.error(`${path}: ${line}`);
    rows.push([path, ...CATEGORIES.map((c) => `${median(scores[c] ?? [])} (${(scores[c] ?? []).join(", ")})`)]);
  }
} finally {
  chrome.kill();
  await server.stop();
}
console.log(`| page | ${CATEGORIES.map((c) => `${c} (target ≥ ${TARGETS[c]})`).join(" | ")} |`);
console.log(`|---|${CATEGORIES.map(() => "---").join("|")}|`);
for (const row of rows) console.log(`| ${row.join(" | ")} |`);
