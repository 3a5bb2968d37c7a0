import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as TESTIDS from "../apps/web/src/testids.ts";
import { buildActivationCode } from "../apps/server/src/test-support/licences.ts";
import { callSystemConnected, graphql, signInApi } from "./support/api.ts";
import { byTestId, launchBrowser, newPage, shotsDir } from "./support/browser.ts";
import { freePort, startServer, type RunningServer } from "./support/server.ts";
import { until } from "./support/wait.ts";
import { JSON_POST_HEADERS } from "@caresuite/domain/api-contract";

const ADMIN_PASSWORD = "admin password 1";
const SHOTS = shotsDir();

async function waitForPath(page: Page, path: string | RegExp): Promise<void> {
  await page.waitForURL((url) => (typeof path === "string" ? url.pathname === path : path.test(url.pathname + url.search)), {
    timeout: 10_000,
  });
}

async function login(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await byTestId(page, TESTIDS.login.username).fill(username);
  await byTestId(page, TESTIDS.login.password).fill(password);
  await byTestId(page, TESTIDS.login.submit).click();
}

// These run in order against one server: the first walks the setup that the others rely on.
describe("first run, sign-in and the shell in Chromium", () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ CONTROLLER_PORT: String(await freePort()) });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("fresh start → setup wizard → admin created → login → shell in German", async () => {
    const { page, consoleErrors } = await newPage(browser);
    await page.goto(`${server.baseUrl}/`);
    // spec: "login redirects to setup when no setup time".
    await waitForPath(page, "/setup");
    const step = byTestId(page, TESTIDS.setup.step);
    await expect.poll(() => step.getAttribute("data-step")).toBe("1");
    await byTestId(page, TESTIDS.setup.next).click();

    // Step 2: licence, activated with a code signed by the development key.
    await expect.poll(() => step.getAttribute("data-step")).toBe("2");
    await byTestId(page, TESTIDS.setup.licenceCustomer).fill("123456");
    await byTestId(page, TESTIDS.setup.licenceCode).fill(buildActivationCode({ name: "Pflegeheim Sonnenhof" }));
    await byTestId(page, TESTIDS.setup.licenceActivate).click();
    await expect.poll(() => byTestId(page, TESTIDS.setup.licenceName).textContent()).toContain("Pflegeheim Sonnenhof");
    await byTestId(page, TESTIDS.setup.next).click();

    // Step 3: the connection is really checked: a controller that is not there is an ip error;
    // then the bundled virtual call system is set up instead.
    await expect.poll(() => step.getAttribute("data-step")).toBe("3");
    await byTestId(page, TESTIDS.setup.configIp).fill("127.0.0.1");
    await byTestId(page, TESTIDS.setup.configPassword).fill("controller secret");
    await byTestId(page, TESTIDS.setup.configSave).click();
    await page.getByText("Keine Verbindung zum Konfigurator unter dieser Adresse.").waitFor({ timeout: 10_000 });
    expect(await byTestId(page, TESTIDS.setup.configVirtual).textContent()).toContain("Virtuelle Rufanlage verwenden");
    await byTestId(page, TESTIDS.setup.configVirtual).click();
    const done = byTestId(page, TESTIDS.setup.configDone);
    await done.waitFor({ timeout: 30_000 });
    expect(await done.getAttribute("data-virtual")).toBe("true");
    // The server really connects to the virtual call system it started.
    await until(() => callSystemConnected(server.baseUrl), Boolean);
    // "Konfigurator" gets a plain subtitle.
    expect(await byTestId(page, TESTIDS.setup.configSubtitle).textContent()).toBe("Rufanlage");
    await byTestId(page, TESTIDS.setup.next).click();
    // revisiting step 3 shows the virtual choice, not its address in the real-controller
    // form, and does not offer the virtual call system a second time.
    await expect.poll(() => step.getAttribute("data-step")).toBe("4");
    await byTestId(page, TESTIDS.setup.prev).click();
    await expect.poll(() => step.getAttribute("data-step")).toBe("3");
    expect(await done.getAttribute("data-virtual")).toBe("true");
    expect(await done.textContent()).toContain("virtuelle Rufanlage ist gewählt");
    expect(await byTestId(page, TESTIDS.setup.configIp).inputValue()).toBe("");
    expect(await byTestId(page, TESTIDS.setup.configVirtual).getAttribute("data-chosen")).toBe("true");
    expect(await page.locator(`button[data-testid="${TESTIDS.setup.configVirtual}"]`).count()).toBe(0);
    await page.screenshot({ path: join(SHOTS, "wizard-step3-revisit-de.png"), fullPage: true });
    await byTestId(page, TESTIDS.setup.next).click();

    // Step 4: Next only once the initial user exists.
    await expect.poll(() => step.getAttribute("data-step")).toBe("4");
    expect(await byTestId(page, TESTIDS.setup.next).isDisabled()).toBe(true);
    expect(await byTestId(page, TESTIDS.setup.userName).inputValue()).toBe("admin");
    await byTestId(page, TESTIDS.setup.userPassword).fill(ADMIN_PASSWORD);
    await byTestId(page, TESTIDS.setup.userPasswordRepeat).fill(ADMIN_PASSWORD);
    await byTestId(page, TESTIDS.setup.userCreate).click();
    await byTestId(page, TESTIDS.setup.userDone).waitFor();
    await byTestId(page, TESTIDS.setup.next).click();

    // Step 5: finishing goes to sync (a configurator was set), which asks for a login first.
    await expect.poll(() => step.getAttribute("data-step")).toBe("5");
    // "Step 5 ... survives a reload. Setup completes when step 5 is confirmed."
    await page.reload();
    await expect.poll(() => byTestId(page, TESTIDS.setup.step).getAttribute("data-step")).toBe("5");
    const state = await graphql<{ appState: { setup_time: string | null } }>(server.baseUrl, "{ appState { setup_time } }");
    expect(state.appState.setup_time).toBeNull();
    await page.screenshot({ path: join(SHOTS, "wizard-step5-de.png") });
    // The same step in French (a second visitor, ?locale=fr), for the screenshot.
    const french = await newPage(browser, { locale: "fr-CH" });
    await french.page.goto(`${server.baseUrl}/setup?locale=fr`);
    await expect.poll(() => byTestId(french.page, TESTIDS.setup.step).getAttribute("data-step")).toBe("5");
    expect(await byTestId(french.page, TESTIDS.setup.finish).textContent()).toContain("synchronisation");
    await french.page.screenshot({ path: join(SHOTS, "wizard-step5-fr.png") });
    await french.context.close();
    await byTestId(page, TESTIDS.setup.finish).click();
    await waitForPath(page, "/login");
    expect(new URL(page.url()).searchParams.get("redirect")).toBe("/sync");

    await byTestId(page, TESTIDS.login.username).fill("admin");
    await byTestId(page, TESTIDS.login.password).fill(ADMIN_PASSWORD);
    await byTestId(page, TESTIDS.login.submit).click();
    await waitForPath(page, "/sync");

    await byTestId(page, TESTIDS.shell.topbar).waitFor();
    expect(await byTestId(page, TESTIDS.shell.nav("admin")).textContent()).toContain("Administration");
    // The superuser is offered the call log (spec navigation "Log: calllog::use_module").
    expect(await byTestId(page, TESTIDS.shell.nav("log")).count()).toBe(1);
    // /sync: the connection, the data sync status and that nothing was published yet.
    await byTestId(page, TESTIDS.sync.link).first().waitFor();
    await byTestId(page, TESTIDS.sync.status).waitFor();
    expect(await byTestId(page, TESTIDS.sync.lastCommit).textContent()).toContain("Noch nie an die Rufanlage übertragen");
    await expect.poll(() => byTestId(page, TESTIDS.sync.link).first().getAttribute("data-connected"), { timeout: 15_000 }).toBe("true");
    await page.screenshot({ path: join(SHOTS, "sync-de.png"), fullPage: true });
    expect(await byTestId(page, TESTIDS.shell.footerVersion).textContent()).toContain("5.441");
    expect(await byTestId(page, TESTIDS.shell.footerLicence).textContent()).toContain("Pflegeheim Sonnenhof");
    expect(await byTestId(page, TESTIDS.shell.footerUser).textContent()).toContain("admin");
    expect(await page.title()).toMatch(/Synchronisation/);
    expect(consoleErrors).toEqual([]);
  });

  it("shows the login page in French with ?locale=fr", async () => {
    const { page } = await newPage(browser);
    await page.goto(`${server.baseUrl}/login?locale=fr`);
    await byTestId(page, TESTIDS.login.submit).waitFor();
    expect(await byTestId(page, TESTIDS.login.submit).textContent()).toContain("Se connecter");
    expect(await page.locator("html").getAttribute("lang")).toBe("fr");
  });

  it("answers a wrong password without saying which field is wrong (decision 008) and keeps what was typed", async () => {
    const { page } = await newPage(browser);
    await login(page, server.baseUrl, "admin", "not the password");
    await byTestId(page, TESTIDS.login.error).waitFor();
    expect(await byTestId(page, TESTIDS.login.error).textContent()).toContain("Benutzername oder Passwort ist falsch");
    expect(await byTestId(page, TESTIDS.login.username).inputValue()).toBe("admin");
    expect(new URL(page.url()).pathname).toBe("/login");
  });

  it("makes a user with a temporary password set a new one", async () => {
    // Seeded as the administrator does it: a role with the call log, a user with a temporary password.
    const user = { username: "pflege1", password: "temporary pw 1" };
    const admin = await signInApi(server.baseUrl, "admin", ADMIN_PASSWORD);
    const { createRole: role } = await admin.query<{ createRole: { id: number } }>(
      `mutation { createRole(data: { name: "Pflege", permissions: [{ code: "calllog::use_module", level: "write" }] }) { id } }`,
    );
    await admin.query("mutation($data: UserInput!) { createUser(data: $data) { id } }", {
      data: { ...user, password_repeat: user.password, password_is_temporary: true, roles: [role.id] },
    });
    const { page } = await newPage(browser);
    await login(page, server.baseUrl, user.username, user.password);
    await waitForPath(page, "/auth/set-password");
    await byTestId(page, TESTIDS.setPassword.notice).waitFor();
    await byTestId(page, TESTIDS.setPassword.password).fill("my new password 1");
    await byTestId(page, TESTIDS.setPassword.repeat).fill("my new password 1");
    await byTestId(page, TESTIDS.setPassword.submit).click();
    await page.waitForURL((url) => url.pathname !== "/auth/set-password", { timeout: 10_000 });

    // The new password works, the temporary one no longer does.
    const again = await newPage(browser);
    await login(again.page, server.baseUrl, user.username, user.password);
    await byTestId(again.page, TESTIDS.login.error).waitFor();
    await login(again.page, server.baseUrl, user.username, "my new password 1");
    await again.page.waitForURL((url) => url.pathname !== "/login", { timeout: 10_000 });
  });

  it("logs out and shows the login action again", async () => {
    const { page } = await newPage(browser);
    await login(page, server.baseUrl, "admin", ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname !== "/login", { timeout: 10_000 });
    // Sign-in lands on the display, which has no top bar: log out from a shell page.
    await page.goto(`${server.baseUrl}/sync`);
    await byTestId(page, TESTIDS.shell.logout).click();
    await byTestId(page, TESTIDS.shell.login).or(byTestId(page, TESTIDS.login.page)).first().waitFor();
    const me = await page.evaluate(async (headers) => {
      const response = await fetch("/backend/query", {
        method: "POST",
        headers,
        body: JSON.stringify({ query: "{ authUser { id } }" }),
      });
      return (await response.json()) as { data: { authUser: { id: number } } };
    }, JSON_POST_HEADERS);
    expect(me.data.authUser.id).toBe(0);
  });

  it("shows the not-found page for an unknown route, with a way back", async () => {
    const { page } = await newPage(browser);
    await page.goto(`${server.baseUrl}/this/does/not/exist`);
    await byTestId(page, TESTIDS.notFound.page).waitFor();
    expect(await byTestId(page, TESTIDS.notFound.page).textContent()).toContain("Seite nicht gefunden");
    await byTestId(page, TESTIDS.notFound.back).waitFor();
  });
});
