import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TUNNEL_TESTIDS } from "../apps/web/src/features/admin/tunnel/tunnel-testids.ts";
import { startTestSimulator, type TestSimulator } from "../apps/server/src/test-support/simulator.ts";
import { freePort, startTestSshd, type TestSshd } from "../apps/server/src/test-support/sshd.ts";
import { completeFirstRun } from "./support/api.ts";
import { axeViolations } from "./support/axe.ts";
import { byTestId, launchBrowser, newPage, shotsDir } from "./support/browser.ts";
import { signIn } from "./support/pages.ts";
import { startServer, type RunningServer } from "./support/server.ts";

const ADMIN = { username: "admin", password: "admin password 1" };
// See admin.e2e.ts: the theme's contrast is checked on its own.
const AXE = { disableRules: ["color-contrast"] };

/**
 * Remote access in Chromium against a real sshd (docs/decisions/042-remote-access-tunnel.md): an
 * admin sets up /admin/tunnel (reads and pins the host key, pastes the key), switches it on, sees
 * it open until a time while the support host's forwarded port reaches the web interface, and
 * switches it off.
 */
describe("remote access tunnel in Chromium", () => {
  let sshd: TestSshd;
  let simulator: TestSimulator;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    sshd = await startTestSshd();
    simulator = await startTestSimulator();
    server = await startServer();
    await completeFirstRun(server.baseUrl, { ...ADMIN, controllerPort: simulator.port });
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await simulator?.stop();
    await sshd?.close();
  });

  it("an admin configures the tunnel, opens it, sees it open and closes it", async () => {
    const remotePort = await freePort();
    const { page } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await signIn(page, server.baseUrl, ADMIN.username, ADMIN.password);
    await page.goto(`${server.baseUrl}/admin/tunnel`);
    const input = (name: string) => byTestId(page, TUNNEL_TESTIDS.field(name));
    const status = byTestId(page, TUNNEL_TESTIDS.status);
    await byTestId(page, TUNNEL_TESTIDS.form).waitFor();
    expect(await status.getAttribute("data-status")).toBe("off");
    expect(await byTestId(page, TUNNEL_TESTIDS.switch).isDisabled()).toBe(true);

    await input("host").fill(sshd.host);
    await input("port").fill(String(sshd.port));
    await input("username").fill(sshd.username);
    await input("remote_port").fill(String(remotePort));
    // A key protected by a passphrase (the support host accepts it).
    await input("private_key").fill(sshd.encryptedPrivateKey);
    // The first setup reads the host key the support host shows.
    await byTestId(page, TUNNEL_TESTIDS.scan).click();
    await page.waitForFunction(([id, fingerprint]) => (document.querySelector(`[data-testid="${id}"]`) as HTMLInputElement | null)?.value === fingerprint, [
      TUNNEL_TESTIDS.field("host_key_fingerprint"),
      sshd.hostKeyFingerprint,
    ] as const);
    // Without its passphrase the key is refused on its field, in words, and the input stays.
    await byTestId(page, TUNNEL_TESTIDS.save).click();
    await expect.poll(() => input("private_key").getAttribute("aria-invalid")).toBe("true");
    expect(await byTestId(page, TUNNEL_TESTIDS.form).textContent()).toContain(
      "Dieser Schlüssel ist mit einer Passphrase geschützt. Bitte die Passphrase angeben.",
    );
    expect(await input("private_key").inputValue()).toBe(sshd.encryptedPrivateKey);
    await input("passphrase").fill(sshd.keyPassphrase);
    await byTestId(page, TUNNEL_TESTIDS.save).click();
    await page.waitForSelector(`[data-testid="${TUNNEL_TESTIDS.secretState("private_key")}"][data-set="true"]`);
    expect(await input("private_key").inputValue()).toBe("");

    // A click, not check(): the switch follows the server's state, which changes after the mutation
    // answers (check() expects the box to flip at once).
    await byTestId(page, TUNNEL_TESTIDS.switch).click();
    await page.waitForSelector(`[data-testid="${TUNNEL_TESTIDS.status}"][data-status="open"]`, { timeout: 15_000 });
    expect(await status.textContent()).toMatch(/Offen bis \d\d:\d\d Uhr/);
    const health = await fetch(`http://127.0.0.1:${remotePort}/backend/health`);
    expect(health.status).toBe(200);
    await page.screenshot({ path: join(shotsDir(), "tunnel-1280-de.png"), fullPage: true });
    expect(await axeViolations(page, `[data-testid="${TUNNEL_TESTIDS.page}"]`, AXE)).toEqual([]);

    await byTestId(page, TUNNEL_TESTIDS.switch).click();
    await page.waitForSelector(`[data-testid="${TUNNEL_TESTIDS.status}"][data-status="off"]`);
    await expect(fetch(`http://127.0.0.1:${remotePort}/backend/health`)).rejects.toThrow();
  });
});
