import { join } from "node:path";
import { rmSync } from "node:fs";
import ExcelJS from "exceljs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as TESTIDS from "../apps/web/src/testids.ts";
import { signInApi, type ApiClient } from "./support/api.ts";
import { byTestId, launchBrowser, newPage, shotsDir } from "./support/browser.ts";
import { signIn } from "./support/pages.ts";
import { freePort, startServer, type RunningServer } from "./support/server.ts";
import { until } from "./support/wait.ts";

/**
 * Export jobs that do not simply finish (docs/decisions/025-call-log-exports.md): a running
 * export canceled and started again, and one interrupted by a server restart and started again.
 * The demo's virtual call system replays two weeks of history (SIMULATOR_BACKFILL_DAYS), so an
 * XLSX of them runs long enough to be canceled from the screen.
 */

const SHOTS = shotsDir();
const NURSE = { username: "pflege", password: "demo-pflege" };
type Job = { id: number; state: string; format: string };

describe("call log exports: cancel, interruption, start again", () => {
  let browser: Browser;
  let server: RunningServer;
  let nurse: ApiClient;
  let port: number;
  let controllerPort: number;

  const startDemo = (dataDir?: string): Promise<RunningServer> =>
    startServer({
      DEMO_MODE: "true",
      PORT: String(port),
      CONTROLLER_PORT: String(controllerPort),
      SIMULATOR_TRAFFIC: "off",
      SIMULATOR_BACKFILL_DAYS: "14",
      KEEP_DATA: "1",
      ...(dataDir ? { DATA_DIR: dataDir } : {}),
    });

  const jobs = async (): Promise<Job[]> => (await nurse.query<{ exports: Job[] }>("{ exports { id state format } }")).exports;
  const jobRow = (page: Page, id: number) => page.locator(`[data-testid="${TESTIDS.exports.job}"][data-id="${id}"]`);

  /** Starts an XLSX export of the two weeks on screen and gives its id. */
  async function startExport(page: Page): Promise<number> {
    const before = new Set((await jobs()).map((job) => job.id));
    await byTestId(page, TESTIDS.exports.menu).click();
    await byTestId(page, TESTIDS.exports.format("XLSX")).click();
    const started = await until(jobs, (list) => list.some((job) => !before.has(job.id)));
    const job = started.find((candidate) => !before.has(candidate.id));
    if (!job) throw new Error("no new export job");
    return job.id;
  }

  async function downloadRows(page: Page, id: number): Promise<number> {
    const row = jobRow(page, id);
    await page.locator(`[data-testid="${TESTIDS.exports.job}"][data-id="${id}"][data-state="done"]`).waitFor({ timeout: 60_000 });
    const [download] = await Promise.all([page.waitForEvent("download"), row.getByText("Herunterladen").click()]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    return workbook.worksheets[0]?.actualRowCount ?? 0;
  }

  beforeAll(async () => {
    port = await freePort();
    controllerPort = await freePort();
    server = await startDemo();
    browser = await launchBrowser();
    nurse = await until(
      () => signInApi(server.baseUrl, NURSE.username, NURSE.password),
      () => true,
    );
    // The replayed history is in the log once the journal is applied.
    await until(
      async () =>
        (
          await nurse.query<{ callLog: { total: number } }>(
            "{ callLog(filter: { range: DAYS_14, state: ALL, with_total: true, limit: 1, offset: 0, sort: OPENED_AT, direction: DESC }) { total } }",
          )
        ).callLog.total,
      (total) => total >= 5000,
      90_000,
    );
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) rmSync(server.dataDir, { recursive: true, force: true });
  });

  it("cancels a running export from the list and starts it again to a whole file", async () => {
    const { page, consoleErrors } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await signIn(page, server.baseUrl, NURSE.username, NURSE.password);
    await page.goto(`${server.baseUrl}/log?period=DAYS_14`);
    await byTestId(page, TESTIDS.log.row).first().waitFor();

    // The click must come while the job runs; on a fast machine it may already be done: try again.
    let canceled: number | null = null;
    for (let attempt = 0; attempt < 3 && canceled === null; attempt++) {
      const id = await startExport(page);
      const cancel = jobRow(page, id).locator(`[data-testid="${TESTIDS.exports.cancel}"]`);
      try {
        await cancel.click({ timeout: 5_000 });
        canceled = id;
      } catch {
        expect((await jobs()).find((job) => job.id === id)?.state).toBe("done");
      }
    }
    if (canceled === null) throw new Error("every export finished before it could be canceled");
    const row = jobRow(page, canceled);
    await expect.poll(() => row.getAttribute("data-state"), { timeout: 20_000 }).toBe("canceled");
    expect((await jobs()).find((job) => job.id === canceled)?.state).toBe("canceled");
    await page.screenshot({ path: join(SHOTS, "log-export-canceled-1280-de.png") });

    // "Start again" runs the same export anew; its file holds the two weeks.
    await row.locator(`[data-testid="${TESTIDS.exports.restart}"]`).click();
    expect(await downloadRows(page, canceled)).toBeGreaterThan(5000);
    expect(consoleErrors).toEqual([]);
  }, 180_000);

  it("an export interrupted by a server restart says so and starts again", async () => {
    const { page } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await signIn(page, server.baseUrl, NURSE.username, NURSE.password);
    await page.goto(`${server.baseUrl}/log?period=DAYS_14`);
    await byTestId(page, TESTIDS.log.row).first().waitFor();
    const id = await startExport(page);
    await until(jobs, (list) => list.find((job) => job.id === id)?.state === "running", 30_000);
    // A crash, not a shutdown: nothing gets to finish the job.
    const exited = new Promise((resolve) => server.process.once("exit", resolve));
    server.process.kill("SIGKILL");
    await exited;
    server = await startDemo(server.dataDir);
    nurse = await signInApi(server.baseUrl, NURSE.username, NURSE.password);
    expect((await jobs()).find((job) => job.id === id)?.state).toBe("interrupted");

    await page.reload();
    const row = jobRow(page, id);
    await expect.poll(() => row.getAttribute("data-state"), { timeout: 20_000 }).toBe("interrupted");
    await row.locator(`[data-testid="${TESTIDS.exports.restart}"]`).click();
    expect(await downloadRows(page, id)).toBeGreaterThan(5000);
  }, 180_000);
});
