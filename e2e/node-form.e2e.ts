import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as TESTIDS from "../apps/web/src/testids.ts";
import { buildActivationCode } from "../apps/server/src/test-support/licences.ts";
import { startTestSimulator, type TestSimulator } from "../apps/server/src/test-support/simulator.ts";
import { completeFirstRun, type ApiClient } from "./support/api.ts";
import { axeViolations } from "./support/axe.ts";
import { byTestId, launchBrowser, newPage, shotsDir } from "./support/browser.ts";
import { field, signIn } from "./support/pages.ts";
import { startServer, type RunningServer } from "./support/server.ts";
import { until } from "./support/wait.ts";

const ADMIN = { username: "admin", password: "admin password 1" };
const LIMITED = { username: "viewer", password: "viewer password 1" };
const FRENCH = { username: "chef", password: "chef password 1" };
// See admin.e2e.ts: the theme's contrast is checked on its own.
const AXE = { disableRules: ["color-contrast"] };

type TreeNode = { id: number; name: string; kind: string; parent_id: number | null };

/** Page object of the node form, in the words of the screen. */
class NodeFormScreen {
  readonly page: Page;
  readonly baseUrl: string;

  constructor(page: Page, baseUrl: string) {
    this.page = page;
    this.baseUrl = baseUrl;
  }

  /** Opens the node's form and waits for all of it (the settings below the fold follow the top one frame later). */
  async open(id: number): Promise<void> {
    await this.page.goto(`${this.baseUrl}/tree/edit/${id}`);
    await this.form.waitFor();
    await byTestId(this.page, TESTIDS.nodeForm.settings).waitFor();
  }

  get form() {
    return byTestId(this.page, TESTIDS.nodeForm.form);
  }

  async save(): Promise<void> {
    await byTestId(this.page, TESTIDS.entityForm.save).click();
  }

  async notice(text: string): Promise<void> {
    await byTestId(this.page, TESTIDS.notification).filter({ hasText: text }).first().waitFor();
  }

  async shot(name: string): Promise<void> {
    await this.page.screenshot({ path: join(shotsDir(), `node-form-${name}.png`), fullPage: false });
  }
}

describe("system tree node form in Chromium", () => {
  let simulator: TestSimulator;
  let server: RunningServer;
  let browser: Browser;
  let admin: ApiClient;
  let room: TreeNode;
  let nodes: TreeNode[];

  beforeAll(async () => {
    simulator = await startTestSimulator();
    server = await startServer();
    admin = await completeFirstRun(server.baseUrl, { ...ADMIN, controllerPort: simulator.port });
    // spec "Route guards": a non-superuser reaches the tree only with the management licence.
    await admin.query(`mutation ($customer: String!, $code: String!) { activateLicense(customer: $customer, code: $code) { id } }`, {
      customer: "123456",
      code: buildActivationCode(),
    });
    // The configuration import brings the call system's tree.
    nodes = await until(
      async () => (await admin.query<{ systemTreeNodes: TreeNode[] }>("{ systemTreeNodes { id name kind parent_id } }")).systemTreeNodes,
      (list) => list.length > 0,
    );
    const found = nodes.find((node) => node.kind === "room" && node.parent_id !== null);
    if (!found) throw new Error("no room in the imported tree");
    room = found;
    // A role that may only use the tree module: every field read-only.
    const role = await admin.query<{ createRole: { id: number } }>(`mutation ($data: RoleInput!) { createRole(data: $data) { id } }`, {
      data: { name: "Tree viewer", permissions: [{ code: "systemtree::use_module", level: "write" }] },
    });
    await admin.query(`mutation ($data: UserInput!) { createUser(data: $data) { id } }`, {
      data: {
        username: LIMITED.username,
        password: LIMITED.password,
        password_repeat: LIMITED.password,
        password_is_temporary: false,
        roles: [role.createRole.id],
        locale: "de",
      },
    });
    await admin.query(`mutation ($data: UserInput!) { createUser(data: $data) { id } }`, {
      data: {
        username: FRENCH.username,
        password: FRENCH.password,
        password_repeat: FRENCH.password,
        password_is_temporary: false,
        is_superuser: true,
        locale: "fr",
      },
    });
    browser = await launchBrowser();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await simulator?.stop();
  });

  it("edits a room's long text as the administrator: success notice, and the change in the room's history", async () => {
    const { page, context, consoleErrors } = await newPage(browser, { viewport: { width: 1920, height: 1080 } });
    await signIn(page, server.baseUrl, ADMIN.username, ADMIN.password);
    const screen = new NodeFormScreen(page, server.baseUrl);
    await screen.open(room.id);
    await byTestId(page, TESTIDS.nodeForm.header).filter({ hasText: room.name }).waitFor();
    expect(await byTestId(page, TESTIDS.nodeForm.breadcrumbItem).count()).toBeGreaterThan(0);
    expect(await axeViolations(page, `[data-testid="${TESTIDS.nodeForm.form}"]`, AXE)).toEqual([]);

    const longText = field(page, "text_long");
    await longText.fill("zimmer test 1");
    // spec data §5 "Input filter: on blur ... uppercased".
    await longText.blur();
    expect(await longText.inputValue()).toBe("ZIMMER TEST 1");
    await screen.save();
    await screen.notice(`«${room.name}» wurde gespeichert.`);

    await byTestId(page, TESTIDS.nodeForm.history).click();
    const log = byTestId(page, TESTIDS.audit.modal);
    await log.locator(`[data-testid="${TESTIDS.audit.entry}"]`).first().waitFor();
    expect(await log.getAttribute("data-entity-id")).toBe(String(room.id));
    await log.locator(`[data-testid="${TESTIDS.audit.entry}"]`).first().click();
    await expect.poll(() => log.textContent()).toContain("ZIMMER TEST 1");
    await screen.shot("audit-de-1920");
    await page.keyboard.press("Escape");
    await log.waitFor({ state: "detached" });

    // A note from a preset (spec data §3.1 "Note presets"), shown as the latest with its author.
    await byTestId(page, TESTIDS.nodeForm.notePreset("defective")).click();
    await byTestId(page, TESTIDS.nodeForm.noteAdd).click();
    const latest = byTestId(page, TESTIDS.nodeForm.latestNote);
    await expect.poll(() => latest.textContent()).toContain("Defekt");
    expect(await latest.textContent()).toContain(ADMIN.username);

    // A child opens its own form: a device, with its health (spec "Reachability shown for 14 days").
    const child = byTestId(page, TESTIDS.nodeForm.child).first();
    const childId = await child.getAttribute("data-id");
    await child.click();
    await expect.poll(() => screen.form.getAttribute("data-id")).toBe(childId);
    await byTestId(page, TESTIDS.nodeForm.health).waitFor();
    expect(await byTestId(page, TESTIDS.nodeForm.reachabilityDay).count()).toBe(14);
    expect(await byTestId(page, TESTIDS.nodeForm.breadcrumbItem).last().textContent()).toBe(room.name);
    expect(await axeViolations(page, `[data-testid="${TESTIDS.nodeForm.form}"]`, AXE)).toEqual([]);
    await screen.shot("device-de-1920");
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("opens the room's history on /tree/audit/:id (route systemTreeNodeAuditLog)", async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, server.baseUrl, ADMIN.username, ADMIN.password);
    await page.goto(`${server.baseUrl}/tree/audit/${room.id}`);
    const log = byTestId(page, TESTIDS.audit.modal);
    await log.locator(`[data-testid="${TESTIDS.audit.entry}"]`).first().waitFor();
    expect(await log.getAttribute("data-entity-id")).toBe(String(room.id));
    await context.close();
  });

  it("an 8-character short text shows the translated error and keeps the input", async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await signIn(page, server.baseUrl, ADMIN.username, ADMIN.password);
    const screen = new NodeFormScreen(page, server.baseUrl);
    await screen.open(room.id);
    const shortText = field(page, "text_short");
    await shortText.fill("ABCDEFGH");
    await screen.save();
    await expect.poll(() => shortText.getAttribute("aria-invalid")).toBe("true");
    expect(await screen.form.textContent()).toContain("Höchstens 7 Zeichen.");
    expect(await shortText.inputValue()).toBe("ABCDEFGH");
    await screen.shot("error-de-390");
    // Umlauts are refused with the spec's message, not silently dropped.
    await shortText.fill("KÜCHE");
    await screen.save();
    await expect.poll(() => screen.form.textContent()).toContain("Darf «Ü» nicht enthalten.");
    expect(await shortText.inputValue()).toBe("KÜCHE");
    await context.close();
  });

  it("shows every field read-only to a role with systemtree::use_module only", async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, server.baseUrl, LIMITED.username, LIMITED.password);
    const screen = new NodeFormScreen(page, server.baseUrl);
    await screen.open(room.id);
    expect(await screen.form.getAttribute("data-can-save")).toBe("false");
    await byTestId(page, TESTIDS.nodeForm.readOnly).waitFor();
    // A room has no serial (device settings show for devices only): its comment stands in.
    for (const name of ["name", "text_long", "text_short", "comment", "is_enabled"]) {
      expect(await field(page, name).isEditable(), name).toBe(false);
    }
    expect(await byTestId(page, TESTIDS.entityForm.save).count()).toBe(0);
    await screen.shot("readonly-de-1280");
    // No history without admin::see_auditlog, no device actions without trigger_device_actions.
    expect(await byTestId(page, TESTIDS.nodeForm.history).count()).toBe(0);
    expect(await byTestId(page, TESTIDS.nodeForm.actions).count()).toBe(0);
    await context.close();
  });

  it.each([
    ["de", 390, 844],
    ["de", 1920, 1080],
    ["fr", 390, 844],
    ["fr", 1920, 1080],
  ] as const)("looks right in %s at %dx%d (screenshot) with no serious accessibility violations", async (locale, width, height) => {
    const { page, context } = await newPage(browser, { locale: locale === "fr" ? "fr-CH" : "de-CH", viewport: { width, height } });
    const user = locale === "fr" ? FRENCH : ADMIN;
    await signIn(page, server.baseUrl, user.username, user.password);
    const screen = new NodeFormScreen(page, server.baseUrl);
    await screen.open(room.id);
    await byTestId(page, TESTIDS.nodeForm.notes).waitFor();
    expect(await axeViolations(page, `[data-testid="${TESTIDS.nodeForm.form}"]`, AXE)).toEqual([]);
    await screen.shot(`${locale}-${width}`);
    await byTestId(page, TESTIDS.entityForm.close).scrollIntoViewIfNeeded();
    await screen.shot(`${locale}-${width}-bottom`);
    await context.close();
  });

  it("opens the node's flight profile in the registry's form and closes back to the node", async () => {
    const other = nodes.find((node) => node.kind === "room" && node.id !== room.id);
    if (!other) throw new Error("no second room");
    const profile = await admin.query<{ createFlightProfile: { id: number } }>(`mutation { createFlightProfile(data: { name: "Demenz Ost" }) { id } }`);
    await admin.query(`mutation ($id: Int!, $data: SystemTreeNodeInput!) { updateSystemTreeNode(id: $id, data: $data) { id } }`, {
      id: other.id,
      data: { flight_profile_id: profile.createFlightProfile.id },
    });
    const { page, context } = await newPage(browser);
    await signIn(page, server.baseUrl, ADMIN.username, ADMIN.password);
    const screen = new NodeFormScreen(page, server.baseUrl);
    await screen.open(other.id);
    await byTestId(page, TESTIDS.nodeForm.flightProfileLink).click();
    await expect.poll(() => field(page, "name").inputValue()).toBe("Demenz Ost");
    expect(new URL(page.url()).pathname).toBe(`/tree/edit/${other.id}/flightprofiles/${profile.createFlightProfile.id}`);
    // The profile's copy opens a new profile below the node (spec data §4 "Copying resets id to -1").
    await byTestId(page, TESTIDS.entityForm.copy).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/tree/edit/${other.id}/flightprofiles/-1`);
    await expect.poll(() => field(page, "name").inputValue()).toBe("Demenz Ost (Kopie)");
    await byTestId(page, TESTIDS.entityForm.close).click();
    // Closing the unsaved copy asks first; discarding it goes back to the node.
    await byTestId(page, TESTIDS.entityForm.discard).click();
    await screen.form.waitFor();
    expect(new URL(page.url()).pathname).toBe(`/tree/edit/${other.id}`);
    await context.close();
  });

  it("a room shows no device settings; on a phone (390×844) the form takes the whole screen", async () => {
    const device = nodes.find((node) => node.parent_id === room.id && node.kind === "device");
    if (!device) throw new Error("no device in the room");
    const { page, context } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await signIn(page, server.baseUrl, ADMIN.username, ADMIN.password);
    const screen = new NodeFormScreen(page, server.baseUrl);
    const groups = () => byTestId(page, TESTIDS.nodeForm.section).evaluateAll((els) => els.map((el) => el.getAttribute("data-group")));
    await screen.open(room.id);
    expect(await groups()).toEqual(["identity", "texts", "sectionSource", "behaviour", "display", "flightProfile"]);
    const box = await page.locator(".mantine-Modal-content").first().boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    await screen.shot("room-phone-de-390");
    await screen.open(device.id);
    expect(await groups()).toEqual(expect.arrayContaining(["soundNight", "linking", "device", "deviceTexts"]));
    await context.close();
  });

  it('copies a room into a create form (spec "Copying resets id to -1"), saves it as a new node and deletes it', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, server.baseUrl, ADMIN.username, ADMIN.password);
    const screen = new NodeFormScreen(page, server.baseUrl);
    await screen.open(room.id);
    await byTestId(page, TESTIDS.nodeForm.copy).click();
    await expect.poll(() => screen.form.getAttribute("data-id")).toBe("-1");
    expect(await field(page, "name").inputValue()).toBe(`${room.name} (Kopie)`);
    expect(await field(page, "text_long").inputValue()).toBe("ZIMMER TEST 1");
    await screen.save();
    await screen.notice(`«${room.name} (Kopie)» wurde gespeichert.`);
    await expect.poll(() => screen.form.getAttribute("data-id")).not.toBe("-1");
    expect(new URL(page.url()).pathname).toBe(`/tree/edit/${await screen.form.getAttribute("data-id")}`);

    // The copy has no children: it can be deleted, after a confirmation.
    await byTestId(page, TESTIDS.entityForm.delete).click();
    await byTestId(page, TESTIDS.entityForm.deleteConfirm).click();
    await screen.notice(`«${room.name} (Kopie)» wurde gelöscht.`);
    await screen.form.waitFor({ state: "detached" });
    const left = await admin.query<{ systemTreeNodes: TreeNode[] }>("{ systemTreeNodes { id name kind parent_id } }");
    expect(left.systemTreeNodes.some((node) => node.name === `${room.name} (Kopie)`)).toBe(false);
    await context.close();
  });

  it("moves a device to another room with the parent picker, which finds the room on the server as the user types", async () => {
    // spec data §5 "inheriting devices cannot be moved": a device with its own values, in another room.
    const home = nodes.find((node) => node.kind === "room" && node.id !== room.id);
    if (!home) throw new Error("no second room");
    const created = await admin.query<{ createSystemTreeNode: { id: number; name: string } }>(
      "mutation ($data: SystemTreeNodeInput!) { createSystemTreeNode(data: $data) { id name } }",
      {
        data: {
          kind: "device",
          parent_id: home.id,
          name: "Testtaster",
          radio: true,
          inherit_section: false,
          inherit_text_long: false,
          inherit_text_short: false,
          inherit_flight_profile: false,
        },
      },
    );
    const device = created.createSystemTreeNode;
    const { page, context, consoleErrors } = await newPage(browser, { viewport: { width: 1920, height: 1080 } });
    await signIn(page, server.baseUrl, ADMIN.username, ADMIN.password);
    const screen = new NodeFormScreen(page, server.baseUrl);
    await screen.open(device.id);
    // The current parent shows by name before the picker asked anything.
    expect(await field(page, "parent_id").inputValue()).toBe(`${home.name} (#${home.id})`);
    const parent = field(page, "parent_id");
    await parent.click();
    await parent.fill(room.name);
    await page.getByRole("option", { name: `${room.name} (#${room.id})`, exact: true }).click();
    await screen.save();
    await screen.notice(`«${device.name}» wurde gespeichert.`);
    const moved = await admin.query<{ systemTreeNode: { parent_id: number } }>("query ($id: Int!) { systemTreeNode(id: $id) { parent_id } }", {
      id: device.id,
    });
    expect(moved.systemTreeNode.parent_id).toBe(room.id);
    // "#id" finds a node by its id; a node cannot go below itself, so its own id finds nothing.
    const homeOption = page.getByRole("option", { name: `${home.name} (#${home.id})`, exact: true });
    await parent.click();
    await parent.fill(`#${home.id}`);
    await homeOption.waitFor();
    await parent.fill(`#${device.id}`);
    await homeOption.waitFor({ state: "detached" });
    expect(await page.getByRole("option", { name: `${device.name} (#${device.id})`, exact: true }).count()).toBe(0);
    await page.keyboard.press("Escape");
    await admin.query("mutation ($ids: [Int!]!) { deleteSystemTreeNode(ids: $ids) { id } }", { ids: [device.id] });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("with an open call: the blocked banner, the call form below the node and the close-call flow; device actions", async () => {
    const device = nodes.find((node) => node.parent_id === room.id && node.kind === "device");
    if (!device) throw new Error("no device in the room");
    await simulator.press(device.id, "alert");
    const { page, context, consoleErrors } = await newPage(browser, { viewport: { width: 1920, height: 1080 } });
    await signIn(page, server.baseUrl, ADMIN.username, ADMIN.password);
    const screen = new NodeFormScreen(page, server.baseUrl);
    await until(
      async () => {
        await screen.open(room.id);
        return byTestId(page, TESTIDS.nodeForm.openCall).count();
      },
      (count) => count > 0,
    );
    // spec data §5 "Editing is blocked for elements with open calls".
    expect(await byTestId(page, TESTIDS.nodeForm.blocked).getAttribute("data-reasons")).toContain("open_calls");
    expect(await field(page, "text_long").isEditable()).toBe(false);
    await screen.shot("blocked-de-1920");

    // A device action, asked first, its outcome notified.
    await byTestId(page, TESTIDS.nodeForm.actions).click();
    await byTestId(page, TESTIDS.nodeForm.action("Mute")).click();
    await byTestId(page, TESTIDS.nodeForm.actionConfirm).click();
    await byTestId(page, TESTIDS.notification).filter({ hasText: "Stummschalten" }).first().waitFor();

    await byTestId(page, TESTIDS.nodeForm.openCall).first().click();
    await byTestId(page, TESTIDS.nodeForm.callPage).waitFor();
    expect(new URL(page.url()).pathname).toMatch(new RegExp(`^/tree/edit/${room.id}/calls/\\d+$`));
    await screen.shot("call-de-1920");
    await byTestId(page, TESTIDS.nodeForm.callClose).click();
    await byTestId(page, TESTIDS.display.closeConfirm).click();
    await screen.notice("Ruf geschlossen");
    await expect.poll(() => byTestId(page, TESTIDS.nodeForm.callPage).getAttribute("data-closed")).toBe("true");

    // The same call below another room is not that room's: the not-found state.
    const other = nodes.find((node) => node.kind === "room" && node.id !== room.id);
    if (!other) throw new Error("no second room");
    const callPath = new URL(page.url()).pathname;
    await page.goto(`${server.baseUrl}${callPath.replace(`/tree/edit/${room.id}/`, `/tree/edit/${other.id}/`)}`);
    await byTestId(page, TESTIDS.callForm.missing).waitFor();
    expect(await byTestId(page, TESTIDS.nodeForm.callPage).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
