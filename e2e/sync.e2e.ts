import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as TESTIDS from "../apps/web/src/testids.ts";
import { startTestSimulator, type TestSimulator } from "../apps/server/src/test-support/simulator.ts";
import { completeFirstRun, type ApiClient } from "./support/api.ts";
import { seriousViolations } from "./support/axe.ts";
import { byTestId, launchBrowser, newPage, shotsDir } from "./support/browser.ts";
import { field, signIn, waitForPath } from "./support/pages.ts";
import { startServer, type RunningServer } from "./support/server.ts";
import { until } from "./support/wait.ts";

const ADMIN = { username: "admin", password: "admin password 1" };
const VIEWER = { username: "viewer", password: "viewer password 1" };
/** The virtual call system's time per send step: slow enough to watch the steps go by. */
const STEP_MS = 700;

type TreeNode = { id: number; name: string; kind: string; parent_id: number | null; serial?: string | null };
type Changelog = { status: string; error: string | null; config: { last_commit: string | null }; changelog: { id: string }[] };

/** Waits until the page's transitions ended (a modal fading in reads as low contrast to axe). */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
}

const SIZES = [
  { name: "390x844", viewport: { width: 390, height: 844 } },
  { name: "1920x1080", viewport: { width: 1920, height: 1080 } },
];

/**
 * The administrator's configuration sync in the browser ("Browser, the administrator's
 * flow"): a renamed room needs a commit, /sync shows its diff, the publish shows its steps and
 * ends in sync, and meanwhile a second browser is sent to /sync.
 */
describe("configuration sync at /sync", () => {
  let simulator: TestSimulator;
  let server: RunningServer;
  let browser: Browser;
  let admin: ApiClient;
  let room: TreeNode;
  let nodes: TreeNode[];

  const changelog = async (): Promise<Changelog> =>
    (await admin.query<{ configChangelog: Changelog }>("{ configChangelog { status error config { last_commit } changelog { id } } }")).configChangelog;

  beforeAll(async () => {
    simulator = await startTestSimulator({ publishStepMs: STEP_MS });
    // Long enough for a publish at STEP_MS to leave "init" under load, short enough for the timeout test.
    server = await startServer({ PUBLISH_START_TIMEOUT_S: "8" });
    admin = await completeFirstRun(server.baseUrl, { ...ADMIN, controllerPort: simulator.port });
    nodes = await until(
      async () => (await admin.query<{ systemTreeNodes: TreeNode[] }>("{ systemTreeNodes { id name kind parent_id } }")).systemTreeNodes,
      (list) => list.length > 0,
    );
    const found = nodes.find((node) => node.kind === "room" && node.parent_id !== null);
    if (!found) throw new Error("no room in the imported tree");
    room = found;
    // A fresh install was never published ("never synced"): publish once, so that a change
    // afterwards reads "needs commit".
    await until(changelog, (log) => log.status === "in-sync");
    await admin.query("mutation { publishConfig }");
    await until(changelog, (log) => log.status === "in-sync" && log.config.last_commit !== null, 30_000);
    // Someone who may use the tree but not sync the configuration.
    const role = await admin.query<{ createRole: { id: number } }>(`mutation ($data: RoleInput!) { createRole(data: $data) { id } }`, {
      data: { name: "Tree viewer", permissions: [{ code: "systemtree::use_module", level: "write" }] },
    });
    await admin.query(`mutation ($data: UserInput!) { createUser(data: $data) { id } }`, {
      data: {
        username: VIEWER.username,
        password: VIEWER.password,
        password_repeat: VIEWER.password,
        password_is_temporary: false,
        roles: [role.createRole.id],
        locale: "de",
      },
    });
    browser = await launchBrowser();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await simulator?.stop();
  });

  /** The send steps and results the progress shows, sampled until the publish ends. */
  async function watchPublish(page: Page): Promise<{ steps: string[]; result: string }> {
    const progress = byTestId(page, TESTIDS.sync.progress);
    await progress.waitFor({ timeout: 10_000 });
    const steps: string[] = [];
    const deadline = Date.now() + 30_000;
    for (;;) {
      const [step, result] = await Promise.all([progress.getAttribute("data-step"), progress.getAttribute("data-result")]);
      if (step && steps.at(-1) !== step) steps.push(step);
      if (result) return { steps, result };
      if (Date.now() > deadline) throw new Error(`publish did not end; steps seen ${steps.join(", ")}`);
      await page.waitForTimeout(100);
    }
  }

  it("renames a room, shows it needs a commit and its diff, publishes with its steps and ends in sync; a second browser is sent to /sync meanwhile", async () => {
    const { page, context, consoleErrors } = await newPage(browser, { viewport: { width: 1920, height: 1080 } });
    await signIn(page, server.baseUrl, ADMIN.username, ADMIN.password);

    // Rename the room in the tree's node form.
    const newName = `${room.name} Ost`;
    await page.goto(`${server.baseUrl}/tree/edit/${room.id}`);
    await byTestId(page, TESTIDS.nodeForm.settings).waitFor();
    await field(page, "name").fill(newName);
    await byTestId(page, TESTIDS.entityForm.save).click();
    await byTestId(page, TESTIDS.notification).filter({ hasText: "gespeichert" }).first().waitFor();

    // The top bar says at once that the change waits for its commit (pushed, no page load).
    const indicator = byTestId(page, TESTIDS.shell.syncIndicator);
    await expect.poll(() => indicator.getAttribute("data-state")).toBe("needsCommit");
    expect(Number(await byTestId(page, TESTIDS.shell.syncIndicatorLink).getAttribute("data-pulse"))).toBeGreaterThan(0);
    // The node form is a modal over the tree: closed first, the indicator is in reach.
    await page.keyboard.press("Escape");
    await waitForPath(page, "/tree");
    await byTestId(page, TESTIDS.shell.syncIndicatorLink).click();
    await waitForPath(page, "/sync");

    // /sync: needs commit, and the room's name ours versus theirs.
    const status = byTestId(page, TESTIDS.sync.status);
    await expect.poll(() => status.getAttribute("data-status")).toBe("needs-commit");
    expect(await status.textContent()).toBe("Übertragen nötig");
    const group = byTestId(page, TESTIDS.sync.group).and(page.locator('[data-kind="system_tree"]'));
    expect(await group.getAttribute("data-count")).toBe("1");
    expect(await group.getAttribute("data-open")).toBe("true");
    const entry = byTestId(page, TESTIDS.sync.entry).and(page.locator(`[data-id="system_tree:${room.id}"]`));
    expect(await entry.getAttribute("data-state")).toBe("updated");
    expect(await entry.textContent()).toContain("Geändert");
    const nameRow = entry.locator('tr[data-field="name"]');
    expect(await nameRow.locator("td").allTextContents()).toEqual(["Name", newName, room.name]);
    // The group closes and opens again (only an open group renders records).
    await byTestId(page, TESTIDS.sync.groupToggle).first().click();
    expect(await entry.count()).toBe(0);
    await byTestId(page, TESTIDS.sync.groupToggle).first().click();
    await entry.waitFor();
    expect(await seriousViolations(page, `[data-testid="${TESTIDS.sync.page}"]`)).toEqual([]);
    await page.screenshot({ path: join(shotsDir(), "sync-needs-commit-de-1920x1080.png"), fullPage: true });

    // Publish: a small difference asks a plain confirmation.
    await byTestId(page, TESTIDS.sync.publish).click();
    const confirm = page.getByRole("dialog");
    await confirm.waitFor();
    expect(await byTestId(page, TESTIDS.sync.confirm).getAttribute("data-large")).toBe("false");
    await settled(page);
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    // A second browser, signed in before the publish starts (a sign-in under load can outlast a
    // publish of the small test site).
    const second = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await signIn(second.page, server.baseUrl, ADMIN.username, ADMIN.password);
    await byTestId(page, TESTIDS.sync.confirmSubmit).click();
    // The steps are sampled from the click on, while the second browser does its part.
    const watching = watchPublish(page);
    // Its failure is reported where it is awaited, below, not as an unhandled rejection meanwhile.
    watching.catch(() => undefined);

    // Meanwhile the second browser: navigation goes to /sync, which shows the running publish
    // (the state is the server's: a page opened mid-publish sees it too).
    await second.page.goto(`${server.baseUrl}/admin/systemparams`);
    await waitForPath(second.page, "/sync");
    await byTestId(second.page, TESTIDS.sync.progress).waitFor();
    expect(await byTestId(second.page, TESTIDS.sync.status).getAttribute("data-status")).toBe("processing");
    expect(await second.page.locator("header").getAttribute("inert")).not.toBeNull();
    await second.page.screenshot({ path: join(shotsDir(), "sync-publishing-de-390x844.png"), fullPage: true });

    const watched = await watching;
    expect(watched.result).toBe("done");
    // The steps go by in the spec's order ("init, preparing, wiping, sending, syncing, validating, finishing, done").
    const order = ["init", "preparing", "wiping", "sending", "syncing", "validating", "finishing", "done"];
    expect(watched.steps.length).toBeGreaterThanOrEqual(3);
    expect(watched.steps.map((s) => order.indexOf(s))).toEqual([...watched.steps.map((s) => order.indexOf(s))].sort((a, b) => a - b));
    expect(watched.steps.at(-1)).toBe("done");
    expect(await byTestId(page, TESTIDS.sync.step).evaluateAll((items) => items.map((item) => item.getAttribute("data-state")))).toEqual(
      order.slice(0, -1).map(() => "done"),
    );
    await byTestId(page, TESTIDS.sync.result).filter({ hasText: "übertragen" }).waitFor();
    await expect.poll(() => status.getAttribute("data-status")).toBe("in-sync");
    await byTestId(page, TESTIDS.sync.empty).waitFor();
    await page.screenshot({ path: join(shotsDir(), "sync-published-de-1920x1080.png"), fullPage: true });
    // The call system has the new name.
    const config = await simulator.get<{ system_tree: TreeNode[] }>("/api/config");
    expect(config.system_tree.find((node) => node.id === room.id)?.name).toBe(newName);

    // The second browser's navigation is open again, and the indicator says in sync.
    await expect.poll(() => byTestId(second.page, TESTIDS.sync.progress).getAttribute("data-result"), { timeout: 10_000 }).toBe("done");
    await second.page.goto(`${server.baseUrl}/admin/systemparams`);
    await expect.poll(() => byTestId(second.page, TESTIDS.shell.syncIndicator).getAttribute("data-state")).toBe("inSync");
    expect(new URL(second.page.url()).pathname).toBe("/admin/systemparams");
    await second.context.close();
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 90_000);

  it("shows a renamed device's next call on an open board without a reload once published", async () => {
    // The board names a call by its device's long text (docs/decisions/030-sync-page.md, "The board and renamed devices").
    const { systemTreeNodes } = await admin.query<{ systemTreeNodes: (TreeNode & { text_long: string })[] }>(
      "{ systemTreeNodes { id name kind parent_id text_long } }",
    );
    const device = systemTreeNodes.find((node) => node.kind === "device" && node.parent_id === room.id && node.text_long !== "");
    if (!device) throw new Error("no device in the renamed room");
    const board = await newPage(browser, { viewport: { width: 1920, height: 1080 } });
    await signIn(board.page, server.baseUrl, ADMIN.username, ADMIN.password);
    await board.page.goto(`${server.baseUrl}/display`);
    await byTestId(board.page, TESTIDS.display.page).waitFor();
    // A marker on the window survives only if the page is never loaded again.
    await board.page.evaluate(() => Object.assign(window, { boardMarker: true }));

    // A long text holds at most 19 characters.
    const typed = `${device.text_long.slice(0, 15).trimEnd()} Ost`;
    const updated = await admin.query<{ updateSystemTreeNode: { text_long: string } }>(
      `mutation ($id: Int!, $data: SystemTreeNodeInput!) { updateSystemTreeNode(id: $id, data: $data) { text_long } }`,
      { id: device.id, data: { text_long: typed, inherit_text_long: false } },
    );
    // Stored as the call system's displays write it (upper case).
    const newText = updated.updateSystemTreeNode.text_long;
    expect(newText.toLowerCase()).toBe(typed.toLowerCase());
    await until(changelog, (log) => log.status === "needs-commit");
    await admin.query("mutation { publishConfig }");
    await until(changelog, (log) => log.status === "in-sync", 30_000);
    const config = await simulator.get<{ system_tree: (TreeNode & { text_long: string })[] }>("/api/config");
    expect(config.system_tree.find((node) => node.id === device.id)?.text_long).toBe(newText);

    await simulator.press(device.id, "alert");
    await byTestId(board.page, TESTIDS.display.callName).filter({ hasText: newText }).first().waitFor({ timeout: 10_000 });
    expect(await board.page.evaluate(() => (window as unknown as { boardMarker?: boolean }).boardMarker)).toBe(true);
    await simulator.press(device.id, "cancel");
    await byTestId(board.page, TESTIDS.display.callName).filter({ hasText: newText }).first().waitFor({ state: "detached", timeout: 10_000 });
    expect(board.consoleErrors).toEqual([]);
    await board.context.close();
  }, 90_000);

  it("refuses a publish the call system would refuse, naming the records in words", async () => {
    // Two devices with one serial: the controller's "duplicated serial". The node form accepts a
    // serial as typed; the publish check is where a duplicate is found (as the controller would).
    const setSerial = (id: number, serial: string | null | undefined) =>
      admin.query(`mutation ($id: Int!, $data: SystemTreeNodeInput!) { updateSystemTreeNode(id: $id, data: $data) { id } }`, { id, data: { serial } });
    const devices = (await admin.query<{ systemTreeNodes: TreeNode[] }>("{ systemTreeNodes { id name kind parent_id serial } }")).systemTreeNodes
      .filter((node) => node.kind === "device" && node.serial)
      .sort((a, b) => a.id - b.id);
    const [first, second] = devices;
    if (!first || !second) throw new Error("the site has devices with serials");
    await setSerial(second.id, first.serial);
    try {
      const { page, context } = await newPage(browser, { viewport: { width: 1920, height: 1080 } });
      await signIn(page, server.baseUrl, ADMIN.username, ADMIN.password);
      await page.goto(`${server.baseUrl}/sync`);
      await byTestId(page, TESTIDS.sync.status).waitFor();
      await expect.poll(() => byTestId(page, TESTIDS.sync.publish).isEnabled()).toBe(true);
      await byTestId(page, TESTIDS.sync.publish).click();
      await byTestId(page, TESTIDS.sync.confirmSubmit).click();
      const error = byTestId(page, TESTIDS.sync.error);
      await error.waitFor();
      expect(await error.getAttribute("data-key")).toBe("duplicatedSerial");
      expect(await error.textContent()).toContain("Doppelte Seriennummer");
      // Both devices, by name (the first is not in the changelog: looked up).
      await expect
        .poll(() => error.locator("li").allTextContents())
        .toEqual([`Systembaum: ${first.name} (Nr. ${first.id})`, `Systembaum: ${second.name} (Nr. ${second.id})`]);
      expect(await seriousViolations(page, `[data-testid="${TESTIDS.sync.page}"]`)).toEqual([]);
      // Nothing was sent: no publish runs.
      expect(await byTestId(page, TESTIDS.sync.progress).count()).toBe(0);
      await page.screenshot({ path: join(shotsDir(), "sync-refused-de-1920x1080.png"), fullPage: true });
      await context.close();
    } finally {
      await setSerial(second.id, second.serial);
    }
  });

  it("warns before a publish that deletes, and imports the call system's configuration back with its count", async () => {
    const device = nodes.find((node) => node.kind === "device");
    if (!device) throw new Error("no device");
    await admin.query("mutation ($ids: [Int!]!) { deleteSystemTreeNode(ids: $ids) { id } }", { ids: [device.id] });
    const { page, context, consoleErrors } = await newPage(browser, { viewport: { width: 1920, height: 1080 } });
    await signIn(page, server.baseUrl, ADMIN.username, ADMIN.password);
    await page.goto(`${server.baseUrl}/sync`);
    const entry = byTestId(page, TESTIDS.sync.entry).and(page.locator(`[data-id="system_tree:${device.id}"]`));
    await entry.waitFor();
    expect(await entry.getAttribute("data-state")).toBe("deleted");
    expect(await entry.textContent()).toContain("Nur in der Rufanlage vorhanden, nicht hier.");

    // A publish would remove the device at the call system: a large difference, acknowledged first.
    await byTestId(page, TESTIDS.sync.publish).click();
    const dialog = byTestId(page, TESTIDS.sync.confirm);
    await page.getByRole("dialog").waitFor();
    expect(await dialog.getAttribute("data-large")).toBe("true");
    expect(await page.getByRole("dialog").textContent()).toContain("Davon werden gelöscht: 1.");
    const submit = byTestId(page, TESTIDS.sync.confirmSubmit);
    expect(await submit.isDisabled()).toBe(true);
    await byTestId(page, TESTIDS.sync.confirmLarge).check();
    expect(await submit.isEnabled()).toBe(true);
    await settled(page);
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await page.screenshot({ path: join(shotsDir(), "sync-large-warning-de-1920x1080.png") });
    await page.getByRole("button", { name: "Abbrechen" }).click();
    await page.getByRole("dialog").waitFor({ state: "detached" });

    // Import changes: the call system's configuration brings the device back; the result counts
    // the records that differed.
    const differing = (await changelog()).changelog.map((e) => e.id);
    expect(differing).toContain(`system_tree:${device.id}`);
    await byTestId(page, TESTIDS.sync.import).click();
    await page.getByRole("dialog").waitFor();
    expect(await dialog.getAttribute("data-action")).toBe("import");
    expect(await dialog.getAttribute("data-large")).toBe("false");
    await submit.click();
    const result = byTestId(page, TESTIDS.sync.result);
    await result.waitFor();
    expect(await result.textContent()).toBe(`Aus der Rufanlage übernommene Einträge: ${differing.length}.`);
    await expect.poll(() => byTestId(page, TESTIDS.sync.status).getAttribute("data-status")).toBe("in-sync");
    await byTestId(page, TESTIDS.sync.empty).waitFor();
    const back = await admin.query<{ systemTreeNode: { id: number; name: string } }>("query ($id: Int!) { systemTreeNode(id: $id) { id name } }", {
      id: device.id,
    });
    expect(back.systemTreeNode.name).toBe(device.name);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("does not let a user without systemtree::sync reach /sync", async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, server.baseUrl, VIEWER.username, VIEWER.password);
    await page.goto(`${server.baseUrl}/sync`);
    await page.waitForURL((url) => url.pathname !== "/sync", { timeout: 10_000 });
    expect(await byTestId(page, TESTIDS.sync.page).count()).toBe(0);
    // And the server refuses the changelog to such a session as well.
    const answer = await page.evaluate(async () => {
      const response = await fetch("/backend/query", {
        method: "POST",
        headers: { "content-type": "application/json", "x-cs-system": "01", "x-cs-request": "1" },
        body: JSON.stringify({ query: "{ configChangelog { status } }" }),
      });
      return (await response.json()) as { errors?: { extensions?: { code?: string } }[] };
    });
    expect(answer.errors?.[0]?.extensions?.code).toBe("MISSING_PERMISSION");
    await context.close();
  });

  it("shows a publish the call system lost to its restart as failed at its step, and publishes again", async () => {
    const { page, context, consoleErrors } = await newPage(browser, { viewport: { width: 1920, height: 1080 } });
    await signIn(page, server.baseUrl, ADMIN.username, ADMIN.password);
    await page.goto(`${server.baseUrl}/sync`);
    await expect.poll(() => byTestId(page, TESTIDS.sync.publish).isEnabled()).toBe(true);
    await byTestId(page, TESTIDS.sync.publish).click();
    await byTestId(page, TESTIDS.sync.confirmSubmit).click();
    const progress = byTestId(page, TESTIDS.sync.progress);
    await expect.poll(() => progress.getAttribute("data-step"), { timeout: 15_000 }).toMatch(/preparing|wiping|sending/);
    // The call system restarts mid-publish (same port, same data): it no longer knows the job.
    const { dataDir, port } = simulator;
    await simulator.stop(false);
    simulator = await startTestSimulator({ dataDir, port, publishStepMs: STEP_MS });
    await expect.poll(() => progress.getAttribute("data-result"), { timeout: 30_000 }).toBe("failed");
    const error = byTestId(page, TESTIDS.sync.error);
    expect(["jobLost", "stoppedAnswering"]).toContain(await error.getAttribute("data-key"));
    expect(await byTestId(page, TESTIDS.sync.step).evaluateAll((items) => items.filter((i) => i.getAttribute("data-state") === "failed").length)).toBe(1);
    await page.screenshot({ path: join(shotsDir(), "sync-failed-de-1920x1080.png"), fullPage: true });

    // Once it is back, the publish can be retried and ends in sync.
    await until(changelog, (log) => log.status !== "offline" && log.status !== "processing", 30_000);
    await expect.poll(() => byTestId(page, TESTIDS.sync.publish).isEnabled(), { timeout: 15_000 }).toBe(true);
    await byTestId(page, TESTIDS.sync.publish).click();
    await byTestId(page, TESTIDS.sync.confirmSubmit).click();
    await expect.poll(() => progress.getAttribute("data-result"), { timeout: 30_000 }).toBe("done");
    await expect.poll(() => byTestId(page, TESTIDS.sync.status).getAttribute("data-status")).toBe("in-sync");
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 90_000);

  it("ends a publish whose configurator never starts with the sync timeout, in words", async () => {
    // A call system that takes the job but stays at "init" (its step unit is 10 minutes).
    const { dataDir, port } = simulator;
    await simulator.stop(false);
    simulator = await startTestSimulator({ dataDir, port, publishStepMs: 600_000 });
    await until(changelog, (log) => log.status !== "offline" && log.status !== "processing", 30_000);
    const { page, context, consoleErrors } = await newPage(browser, { viewport: { width: 1920, height: 1080 } });
    await signIn(page, server.baseUrl, ADMIN.username, ADMIN.password);
    await page.goto(`${server.baseUrl}/sync`);
    await expect.poll(() => byTestId(page, TESTIDS.sync.publish).isEnabled(), { timeout: 15_000 }).toBe(true);
    await byTestId(page, TESTIDS.sync.publish).click();
    await byTestId(page, TESTIDS.sync.confirmSubmit).click();
    const progress = byTestId(page, TESTIDS.sync.progress);
    // The server waits PUBLISH_START_TIMEOUT_S for the configurator to start.
    await expect.poll(() => progress.getAttribute("data-result"), { timeout: 30_000 }).toBe("failed");
    const error = byTestId(page, TESTIDS.sync.error);
    expect(await error.getAttribute("data-key")).toBe("timeout");
    expect(await error.textContent()).toContain("Der Konfigurator ist nicht rechtzeitig gestartet.");
    expect(consoleErrors).toEqual([]);
    await context.close();
    // Back to a call system at its usual pace (a restart forgets the stuck job).
    await simulator.stop(false);
    simulator = await startTestSimulator({ dataDir, port, publishStepMs: STEP_MS });
    await until(changelog, (log) => log.status !== "offline" && log.status !== "processing", 30_000);
  }, 90_000);

  // Last: the English and French passes switch the administrator's language.
  it.each(["de", "en", "fr"])("looks right at phone and desktop size in %s with a change pending", async (locale) => {
    if (locale !== "de") {
      const { authUser } = await admin.query<{ authUser: { id: number } }>("{ authUser { id } }");
      await admin.query(`mutation ($id: Int!, $locale: String!) { updateUser(id: $id, data: { locale: $locale }) { id } }`, { id: authUser.id, locale });
    }
    const other = nodes.find((node) => node.kind === "room" && node.id !== room.id);
    if (!other) throw new Error("no second room");
    await admin.query(`mutation ($id: Int!, $data: SystemTreeNodeInput!) { updateSystemTreeNode(id: $id, data: $data) { id } }`, {
      id: other.id,
      data: { name: `${other.name} ${locale.toUpperCase()}` },
    });
    for (const size of SIZES) {
      const { page, context, consoleErrors } = await newPage(browser, { viewport: size.viewport });
      await signIn(page, server.baseUrl, ADMIN.username, ADMIN.password);
      await page.goto(`${server.baseUrl}/sync`);
      await byTestId(page, TESTIDS.sync.entry).first().waitFor();
      expect(await byTestId(page, TESTIDS.sync.status).textContent()).toBe({ de: "Übertragen nötig", en: "Needs publishing", fr: "À transmettre" }[locale]);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.viewport.width);
      await page.screenshot({ path: join(shotsDir(), `sync-${locale}-${size.name}.png`), fullPage: true });
      expect(consoleErrors).toEqual([]);
      await context.close();
    }
  });
});
