// Walking-skeleton benchmarks. Prints a table; numbers go into bench/RESULTS.md.
//   node bench/skeleton.ts   (part of npm run bench; needs the built web app and /usr/bin/chromium)
// Measures: cold start to listening, POST /backend/login latency (production scrypt cost), and the
// gzip size of the JavaScript the /login page loads.
import { gzipSync } from "node:zlib";
import { launchBrowser } from "../e2e/support/browser.ts";
import { completeFirstRun } from "../e2e/support/api.ts";
import { startServer } from "../e2e/support/server.ts";
import { JSON_POST_HEADERS } from "@caresuite/domain/api-contract";

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

async function coldStart(runs: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const server = await startServer();
    times.push(performance.now() - started);
    await server.stop();
  }
  return times;
}

async function loginLatency(requests: number): Promise<{ times: number[]; jsGzipBytes: number; jsFiles: number }> {
  const server = await startServer();
  try {
    await completeFirstRun(server.baseUrl, { username: "admin", password: "bench password 1" });
    const times: number[] = [];
    for (let i = 0; i < requests; i++) {
      const started = performance.now();
      const response = await fetch(`${server.baseUrl}/backend/login`, {
        method: "POST",
        headers: JSON_POST_HEADERS,
        body: JSON.stringify({ username: "admin", password: "bench password 1" }),
      });
      const body = (await response.json()) as { ok: boolean };
      if (!body.ok) throw new Error("login failed");
      times.push(performance.now() - started);
    }

    const browser = await launchBrowser();
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts: Promise<number>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") {
        scripts.push(response.body().then((body) => gzipSync(body).length));
      }
    });
    await page.goto(`${server.baseUrl}/login`, { waitUntil: "networkidle" });
    const sizes = await Promise.all(scripts);
    await browser.close();
    return { times, jsGzipBytes: sizes.reduce((a, b) => a + b, 0), jsFiles: sizes.length };
  } finally {
    await server.stop();
  }
}

const starts = await coldStart(5);
const login = await loginLatency(40);
const rows = [
  [
    "cold start to listening (spawn → /backend/health ok)",
    `p50 ${percentile(starts, 50).toFixed(0)} ms, max ${Math.max(...starts).toFixed(0)} ms`,
    "≤ 2000 ms",
  ],
  [
    "POST /backend/login (scrypt N=2^15, r=8, p=1)",
    `p50 ${percentile(login.times, 50).toFixed(0)} ms, p95 ${percentile(login.times, 95).toFixed(0)} ms`,
    "p50 ≤ 300 ms",
  ],
  ["JavaScript loaded by /login", `${(login.jsGzipBytes / 1024).toFixed(1)} KB gzip in ${login.jsFiles} files`, "≤ 170 KB gzip"],
];
console.log("| measure | result | target |\n|---|---|---|");
for (const row of rows) console.log(`| ${row.join(" | ")} |`);
