import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as TESTIDS from "../apps/web/src/testids.ts";
import { LDAP_TESTIDS } from "../apps/web/src/features/admin/ldap/ldap-testids.ts";
import { startTestSimulator, type TestSimulator } from "../apps/server/src/test-support/simulator.ts";
import {
  groupLdif,
  LDAP_ADMIN_DN,
  LDAP_ADMIN_PASSWORD,
  LDAP_GROUPS,
  LDAP_SUFFIX,
  personLdif,
  startTestSlapd,
  type TestSlapd,
} from "../apps/server/src/test-support/slapd.ts";
import { completeFirstRun, type ApiClient } from "./support/api.ts";
import { axeViolations } from "./support/axe.ts";
import { byTestId, launchBrowser, newPage, shotsDir } from "./support/browser.ts";
import { signIn, waitForPath } from "./support/pages.ts";
import { startServer, type RunningServer } from "./support/server.ts";

const ADMIN = { username: "admin", password: "admin password 1" };
const ADMIN_FR = { username: "admin-fr", password: "admin password fr 1" };
const NURSE = { username: "nina", password: "nina-directory-pw" };
// See admin.e2e.ts: the theme's contrast is checked on its own.
const AXE = { disableRules: ["color-contrast"] };

/**
 * LDAP sign-in in Chromium against a real slapd (docs/decisions/040-ldap-sign-in.md): an admin
 * configures /admin/ldap, a directory user signs in on /login and lands where the mapped role
 * leads; a wrong password shows the catalogue's translated LDAP error (spec §8).
 */
describe("LDAP sign-in in Chromium", () => {
  let slapd: TestSlapd;
  let simulator: TestSimulator;
  let server: RunningServer;
  let admin: ApiClient;
  let browser: Browser;
  const responses: string[] = [];

  beforeAll(async () => {
    slapd = await startTestSlapd();
    slapd.add(personLdif(NURSE.username, NURSE.password, "Nina Muster"));
    slapd.add(groupLdif("pflege", [NURSE.username]));
    simulator = await startTestSimulator();
    server = await startServer({ LDAP_CA_FILE: slapd.caFile });
    admin = await completeFirstRun(server.baseUrl, { ...ADMIN, controllerPort: simulator.port });
    await admin.query("mutation ($data: RoleInput!) { createRole(data: $data) { id } }", {
      data: { name: "Pflege", permissions: [{ code: "calllog::use_module", level: "write" }] },
    });
    await admin.query("mutation ($data: UserInput!) { createUser(data: $data) { id } }", {
      data: { ...ADMIN_FR, password_repeat: ADMIN_FR.password, password_is_temporary: false, is_superuser: true, roles: [], locale: "fr" },
    });
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await simulator?.stop();
    await slapd?.close();
  });

  async function adminPage(user: { username: string; password: string }, viewport: { width: number; height: number }): Promise<Page> {
    const { page } = await newPage(browser, { viewport });
    page.on("response", (response) => {
      if (!response.url().includes("/backend/query")) return;
      void response.text().then(
        (body) => responses.push(body),
        () => undefined,
      );
    });
    await signIn(page, server.baseUrl, user.username, user.password);
    await page.goto(`${server.baseUrl}/admin/ldap`);
    await byTestId(page, LDAP_TESTIDS.form).waitFor();
    return page;
  }

  it("an admin configures LDAP: a failed check keeps the input, the connection test and the save work, the password stays on the server", async () => {
    const page = await adminPage(ADMIN, { width: 1920, height: 1080 });
    const input = (name: string) => byTestId(page, LDAP_TESTIDS.field(name));
    expect(await byTestId(page, LDAP_TESTIDS.passwordState).textContent()).toBe("nicht gesetzt");
    await input("enabled").check();
    await input("dsn").fill("http://127.0.0.1");
    await input("base_dn").fill(LDAP_SUFFIX);
    await input("admin_user").fill(LDAP_ADMIN_DN);
    await input("admin_password").fill(LDAP_ADMIN_PASSWORD);
    await byTestId(page, LDAP_TESTIDS.mappingAdd).click();
    await byTestId(page, LDAP_TESTIDS.mappingGroup(0)).fill(`cn=pflege,${LDAP_GROUPS}`);
    await byTestId(page, LDAP_TESTIDS.save).click();
    // The schema's message on its field; nothing typed is lost.
    await page.getByText("Ungültiges Format (ldap(s)://host:port).").waitFor();
    await page.getByText("Rolle wird benötigt.").waitFor();
    expect(await input("admin_password").inputValue()).toBe(LDAP_ADMIN_PASSWORD);
    expect(await byTestId(page, LDAP_TESTIDS.mappingGroup(0)).inputValue()).toBe(`cn=pflege,${LDAP_GROUPS}`);

    await input("dsn").fill(slapd.ldapsUrl);
    await byTestId(page, LDAP_TESTIDS.mappingRole(0)).click();
    await page.getByRole("option", { name: "Pflege", exact: true }).click();
    await byTestId(page, LDAP_TESTIDS.test).click();
    const result = byTestId(page, LDAP_TESTIDS.testResult);
    await result.waitFor();
    expect(await result.textContent()).toContain("Verbindung erfolgreich");
    await byTestId(page, LDAP_TESTIDS.save).click();
    await page.getByText("Ein Passwort ist gespeichert. Leer lassen, um es zu behalten.").waitFor();
    expect(await input("admin_password").inputValue()).toBe("");
    expect(await byTestId(page, LDAP_TESTIDS.passwordState).textContent()).toBe("gesetzt");
    await page.screenshot({ path: join(shotsDir(), "ldap-1920-de.png"), fullPage: true });

    await page.reload();
    await byTestId(page, LDAP_TESTIDS.form).waitFor();
    expect(await input("dsn").inputValue()).toBe(slapd.ldapsUrl);
    expect(responses.some((body) => body.includes(LDAP_ADMIN_PASSWORD))).toBe(false);
    expect(await axeViolations(page, `[data-testid="${LDAP_TESTIDS.form}"]`, AXE)).toEqual([]);

    const phone = await adminPage(ADMIN, { width: 390, height: 844 });
    await phone.screenshot({ path: join(shotsDir(), "ldap-390-de.png"), fullPage: true });
    for (const viewport of [
      { width: 1920, height: 1080 },
      { width: 390, height: 844 },
    ]) {
      const fr = await adminPage(ADMIN_FR, viewport);
      expect(await byTestId(fr, LDAP_TESTIDS.passwordState).textContent()).toBe("défini");
      await byTestId(fr, LDAP_TESTIDS.test).click();
      expect(await byTestId(fr, LDAP_TESTIDS.testResult).textContent()).toContain("Connexion réussie");
      await fr.screenshot({ path: join(shotsDir(), `ldap-${viewport.width}-fr.png`), fullPage: true });
    }
  });

  it("a directory user signs in on /login: a wrong password shows the catalogue error, the right one leads to the role's screen", async () => {
    const { page } = await newPage(browser);
    await page.goto(`${server.baseUrl}/login`);
    await byTestId(page, TESTIDS.login.username).fill(NURSE.username);
    await byTestId(page, TESTIDS.login.password).fill("wrong");
    await byTestId(page, TESTIDS.login.submit).click();
    const error = byTestId(page, TESTIDS.login.passwordError);
    await error.waitFor();
    expect(await error.textContent()).toBe("Falsches Passwort für das Verzeichnis (LDAP).");

    await signIn(page, server.baseUrl, NURSE.username, NURSE.password);
    // spec "Home redirect": the call log for a role with the call log module.
    await waitForPath(page, "/log");
    await byTestId(page, TESTIDS.log.page).waitFor();
  });
});
