import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAP_IMAGE_MAX_BYTES } from "../packages/domain/src/constants.ts";
import * as TESTIDS from "../apps/web/src/testids.ts";
import { buildPng } from "../apps/server/src/test-support/png.ts";
import { axeViolations } from "./support/axe.ts";
import { byTestId, launchBrowser, newPage } from "./support/browser.ts";
import { field, openRow, saveAndClose, signIn } from "./support/pages.ts";
import { freePort, startServer, type RunningServer } from "./support/server.ts";
import { until } from "./support/wait.ts";

/** The demo server's administrator (README "Demo"); the demo seeds system 1. */
const ADMIN = { username: "admin", password: "demo-admin" };
const AXE = { disableRules: ["color-contrast"] };
const MAP_WIDTH = 400;
const MAP_HEIGHT = 300;

/** Page object of the checkpoint map form's custom part, in the words of the screen. */
class CheckpointMapEditor {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  private within(id: string) {
    return byTestId(this.page, TESTIDS.modalRoute).locator(`[data-testid="${id}"]`);
  }

  image() {
    return this.within(TESTIDS.checkpointMaps.image);
  }

  uploadError() {
    return this.within(TESTIDS.checkpointMaps.uploadError);
  }

  checkpoints() {
    return this.within(TESTIDS.checkpointMaps.checkpoint);
  }

  async upload(name: string, mimeType: string, buffer: Buffer): Promise<void> {
    await this.within(TESTIDS.checkpointMaps.uploadInput).setInputFiles({ name, mimeType, buffer });
  }

  /** The image's source (a data: URL), to tell one upload from another. */
  async imageSource(): Promise<string> {
    return (await this.image().getAttribute("src")) ?? "";
  }

  /** Screen coordinates of a point of the map image (image pixels). */
  async screenPoint(x: number, y: number): Promise<{ x: number; y: number }> {
    const box = await this.within(TESTIDS.checkpointMaps.editor).boundingBox();
    if (!box) throw new Error("the map editor is not on screen");
    return { x: box.x + (x * box.width) / MAP_WIDTH, y: box.y + (y * box.height) / MAP_HEIGHT };
  }

  async clickMapAt(x: number, y: number): Promise<void> {
    const point = await this.screenPoint(x, y);
    await this.page.mouse.click(point.x, point.y);
  }

  async drag(from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
    const start = await this.screenPoint(from.x, from.y);
    const end = await this.screenPoint(to.x, to.y);
    await this.page.mouse.move(start.x, start.y);
    await this.page.mouse.down();
    await this.page.mouse.move(end.x, end.y, { steps: 12 });
    await this.page.mouse.up();
  }

  async position(): Promise<{ x: number; y: number }> {
    const circle = this.checkpoints().first();
    return { x: Number(await circle.getAttribute("data-x")), y: Number(await circle.getAttribute("data-y")) };
  }
}

describe("checkpoint maps in Chromium: map image, placing and dragging checkpoints", () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let consoleErrors: string[];
  let editor: CheckpointMapEditor;

  beforeAll(async () => {
    server = await startServer({ DEMO_MODE: "true", CONTROLLER_PORT: String(await freePort()) });
    browser = await launchBrowser();
    ({ page, consoleErrors } = await newPage(browser));
    editor = new CheckpointMapEditor(page);
    await signIn(page, server.baseUrl, ADMIN.username, ADMIN.password);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("creates a checkpoint map, uploads a PNG and shows it", async () => {
    await page.goto(`${server.baseUrl}/admin/checkpointmaps`);
    await byTestId(page, TESTIDS.entityList.page).waitFor();
    await byTestId(page, TESTIDS.entityList.new).click();
    // A new map has no id yet: the part asks to save first.
    await byTestId(page, TESTIDS.checkpointMaps.saveFirst).waitFor();
    await field(page, "name").fill("E2E Stock 1");
    await saveAndClose(page);
    await openRow(page, "E2E Stock 1");

    // spec: "Map image: max 5 MB" is shown next to the upload.
    expect(await byTestId(page, TESTIDS.checkpointMaps.uploadLimit).textContent()).toContain("5 MB");
    await editor.upload("Grundriss Stock 1.png", "image/png", buildPng(MAP_WIDTH, MAP_HEIGHT));
    await editor.image().waitFor();
    await until(
      () => editor.image().evaluate((img: HTMLImageElement) => img.naturalWidth),
      (width) => width === MAP_WIDTH,
    );
    expect(await byTestId(page, TESTIDS.checkpointMaps.listEmpty).isVisible()).toBe(true);
    expect(await axeViolations(page, `[data-testid="${TESTIDS.entityForm.modal}"]`, AXE)).toEqual([]);
  });

  it("adds a checkpoint by clicking the map, drags it, and keeps the place after a reload", async () => {
    await editor.clickMapAt(100, 80);
    const dialog = byTestId(page, TESTIDS.checkpointMaps.dialog);
    const dialogField = (name: string) =>
      page.locator(`[data-testid="${TESTIDS.checkpointMaps.dialogForm}"] [data-testid="${TESTIDS.entityForm.field(name)}"]`);
    await dialogField("text").waitFor();
    // The dialog starts where the map was clicked (image pixels), with the next number.
    expect(Math.abs(Number(await dialogField("position_x").inputValue()) - 100)).toBeLessThanOrEqual(2);
    expect(Math.abs(Number(await dialogField("position_y").inputValue()) - 80)).toBeLessThanOrEqual(2);
    expect(await dialogField("number").inputValue()).toBe("1");
    await dialogField("text").fill("Eingang");
    await byTestId(page, TESTIDS.checkpointMaps.dialogSave).click();
    await dialog.waitFor({ state: "detached" });
    await editor.checkpoints().first().waitFor();
    expect(await byTestId(page, TESTIDS.checkpointMaps.listItem).count()).toBe(1);
    // The circles are focusable buttons with names (the keyboard's way to them).
    expect(await axeViolations(page, `[data-testid="${TESTIDS.entityForm.modal}"]`, AXE)).toEqual([]);

    const start = await editor.position();
    await editor.drag(start, { x: 300, y: 200 });
    const moved = await until(
      () => editor.position(),
      (at) => Math.abs(at.x - 300) <= 2 && Math.abs(at.y - 200) <= 2,
    );

    // The list beside the map follows; after a reload the stored place is shown.
    await until(
      () => byTestId(page, TESTIDS.checkpointMaps.listItem).first().textContent(),
      (text) => (text ?? "").includes(`${moved.x}, ${moved.y}`),
    );
    await until(
      async () => {
        await page.reload();
        await editor.checkpoints().first().waitFor();
        return editor.position();
      },
      (at) => at.x === moved.x && at.y === moved.y,
    );
  });

  it("refuses an oversized or non-image file with a translated message and keeps the image", async () => {
    await editor.image().waitFor();
    const before = await editor.imageSource();
    const oversized = Buffer.concat([buildPng(2, 2), Buffer.alloc(MAP_IMAGE_MAX_BYTES)]);
    await editor.upload("riesig.png", "image/png", oversized);
    await editor.uploadError().waitFor();
    expect(await editor.uploadError().textContent()).toBe("Die Datei ist zu gross (höchstens 5 MB).");

    await editor.upload("plan.png", "image/png", Buffer.from("Das ist kein Bild, nur Text."));
    await until(
      () => editor.uploadError().textContent(),
      (text) => text === "Die Datei konnte nicht verarbeitet werden.",
    );
    expect(await editor.imageSource()).toBe(before);
    expect(await editor.checkpoints().count()).toBe(1);
    expect(consoleErrors).toEqual([]);
  });
});
