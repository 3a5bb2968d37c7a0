import { afterEach, describe, expect, it, vi } from "vitest";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MantineProvider } from "@mantine/core";
import { MemoryRouter } from "react-router";
import { createInstance } from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { LOCALES, publishFailureText, SEND_STEPS, type Locale, type SendStep } from "@caresuite/domain";
import de from "../../i18n/locales/de.json";
import en from "../../i18n/locales/en.json";
import fr from "../../i18n/locales/fr.json";
import it_ from "../../i18n/locales/it.json";
import popupsDe from "../../i18n/locales/sync-popups/de.json";
import popupsEn from "../../i18n/locales/sync-popups/en.json";
import popupsFr from "../../i18n/locales/sync-popups/fr.json";
import popupsIt from "../../i18n/locales/sync-popups/it.json";
import { commitOutcome, importProgress, publishStep, registerConfigSyncMessages, resetConfigSync, type CommitOutcome } from "../config-sync";
import { createSystemMessageDispatcher } from "../system-messages";
import { CommitPopupBody, type CommitPopupMode } from "./CommitPopup";
import { dismissSyncErrors, receiveSyncError, syncErrors } from "./sync-error";
import { SyncErrorBody } from "./SyncErrorPopup";
import type { GetsHttpError } from "./sync-popups.graphql";

const MAIN = { de, en, fr, it: it_ };
const POPUPS = { de: popupsDe, en: popupsEn, fr: popupsFr, it: popupsIt };
const NOW = Date.parse("2026-05-01T12:00:00.000Z");

async function render(locale: Locale, node: ReactNode): Promise<string> {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({ lng: locale, resources: { [locale]: { translation: { ...MAIN[locale], ...POPUPS[locale] } } } });
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <MemoryRouter>{node}</MemoryRouter>
      </MantineProvider>
    </I18nextProvider>,
  );
}

/** The visible text of some markup (tags removed, entities of the texts used here decoded). */
const textOf = (markup: string): string =>
  markup
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

function lookup(catalogue: object, key: string): unknown {
  return key.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), catalogue);
}

const RUNNING: CommitPopupMode = { kind: "running" };
const body = (mode: CommitPopupMode, percent: number | null, step: SendStep | null, canOpenSync = true): ReactNode => (
  <CommitPopupBody mode={mode} percent={percent} step={step} canOpenSync={canOpenSync} onClose={() => undefined} />
);
const outcome = (result: CommitOutcome["result"], error: string | null = null): CommitPopupMode => ({ kind: "result", outcome: { result, error, at: NOW } });

afterEach(() => {
  resetConfigSync();
  dismissSyncErrors();
});

describe("commit popup content", () => {
  it.each(LOCALES.map((locale) => [locale]))("shows the percentage and the translated step in %s", async (locale) => {
    const text = textOf(await render(locale, body(RUNNING, 42, "sending")));
    const steps = POPUPS[locale].syncPopups.commit.steps;
    expect(text).toContain(POPUPS[locale].syncPopups.commit.text);
    expect(text).toContain(POPUPS[locale].syncPopups.commit.step.replace("{{step}}", steps.sending));
    expect(text).toContain(POPUPS[locale].syncPopups.commit.percent.replace("{{percent}}", "42"));
    expect(text).toContain(POPUPS[locale].syncPopups.toSync);
  });

  it("shows no percentage before there is progress, and no sync link for a user who may not sync", async () => {
    const markup = await render("de", body(RUNNING, null, null, false));
    expect(markup).not.toContain('data-testid="syncPopups.percent"');
    expect(textOf(markup)).toContain("Die Übertragung beginnt");
    expect(markup).not.toContain('href="/sync"');
  });

  it("links to /sync", async () => {
    expect(await render("de", body(RUNNING, 10, "init"))).toContain('href="/sync"');
  });

  it.each(LOCALES.map((locale) => [locale]))("says a publish is done in %s", async (locale) => {
    const text = textOf(await render(locale, body(outcome("done"), null, null)));
    expect(text).toContain(POPUPS[locale].syncPopups.commit.doneText);
    expect(text).not.toContain(POPUPS[locale].syncPopups.commit.failedText);
  });

  it.each(LOCALES.map((locale) => [locale]))("says why a publish failed, translated, with the records named, in %s", async (locale) => {
    const error = "duplicated position: nodes 3 and 4 both have number 2 under the same parent";
    const text = textOf(await render(locale, body(outcome("failed", error), null, null)));
    expect(text).toContain(MAIN[locale].configSyncErrors.duplicatedPosition);
    expect(text).toContain("nodes 3 and 4 both have number 2 under the same parent");
    expect(text).toContain(POPUPS[locale].syncPopups.commit.failedText);
    expect(text).not.toContain("duplicated position");
  });

  it("translates the spec's sync timeout", async () => {
    const text = textOf(await render("fr", body(outcome("failed", "configurator did not start in time"), null, null)));
    expect(text).toContain(fr.configSyncErrors.syncTimeout);
  });
});

describe("every text the popups pick by value exists in every language", () => {
  const keys = [
    ...SEND_STEPS.map((step) => `syncPopups.commit.steps.${step}`),
    ...["publish", "import", "publish_status", "other"].map((action) => `syncPopups.error.action.${action}`),
    ...["unreachable", "timeout", "unauthorized", "tls", "not_a_controller", "refused"].map((check) => `syncPopups.error.checks.${check}`),
    ...["action", "url", "checks", "message", "payload"].map((field) => `syncPopups.error.fields.${field}`),
    ...[
      "publish interrupted: the call system no longer knows the job",
      "the call system stopped answering during the publish",
      "a publish is already running at the call system",
      "the call system refused the publish",
      "publish failed",
      "configurator did not start in time",
      "publish interrupted by a server restart",
      "missing call source: device 9",
    ].map((error) => publishFailureText(error).key ?? `missing key for ${error}`),
  ];
  it.each(LOCALES.map((locale) => [locale]))("%s", (locale) => {
    const missing = keys.filter((key) => typeof (lookup(POPUPS[locale], key) ?? lookup(MAIN[locale], key)) !== "string");
    expect(missing).toEqual([]);
  });
});

const ERROR: GetsHttpError = {
  action: "publish",
  checks: "refused",
  message: "a publish is already running",
  payload: '{"system_id":1,"password":"geheim"}',
  url: "http://admin:admin@127.0.0.1:4100",
  success: false,
};

describe("sync-error popup content", () => {
  const errorBody = (showDetails: boolean, count = 1): ReactNode => (
    <SyncErrorBody
      queue={{ latest: ERROR, count }}
      showDetails={showDetails}
      onToggleDetails={() => undefined}
      onIgnore={() => undefined}
      onGoToSync={() => undefined}
    />
  );

  // spec: "Error details are hidden until asked."
  it("hides the details until asked", async () => {
    const markup = await render("de", errorBody(false));
    const text = textOf(markup);
    expect(text).toContain("Die Konfiguration konnte nicht an die Rufanlage gesendet werden.");
    expect(text).toContain("Die Rufanlage hat die Anfrage abgelehnt.");
    expect(text).toContain("Details anzeigen");
    expect(markup).toContain('aria-expanded="false"');
    expect(markup).not.toContain("127.0.0.1");
    expect(markup).not.toContain("a publish is already running");
    expect(markup).not.toContain("system_id");
  });

  it.each(LOCALES.map((locale) => [locale]))("shows action, url, checks, message and payload on request, without credentials, in %s", async (locale) => {
    const markup = await render(locale, errorBody(true));
    const text = textOf(markup);
    const fields = POPUPS[locale].syncPopups.error.fields;
    for (const label of [fields.action, fields.url, fields.checks, fields.message, fields.payload]) expect(text).toContain(label);
    expect(text).toContain("http://127.0.0.1:4100");
    expect(text).toContain("a publish is already running");
    expect(text).toContain('"system_id":1');
    expect(markup).not.toContain("admin:admin");
    expect(markup).not.toContain("geheim");
    expect(markup).toContain('aria-expanded="true"');
    expect(text).toContain(POPUPS[locale].syncPopups.error.ignore);
    expect(text).toContain(POPUPS[locale].syncPopups.toSync);
  });

  it("says how many errors came in a row", async () => {
    expect(textOf(await render("en", errorBody(false, 3)))).toContain("3 errors in a row; this is the latest.");
    expect(textOf(await render("en", errorBody(false, 1)))).not.toContain("in a row");
  });
});

describe("pushed state the popups read", () => {
  function pushes() {
    const dispatcher = createSystemMessageDispatcher(vi.fn());
    registerConfigSyncMessages(dispatcher, { appDataCommitStart: () => null, now: () => NOW, refetch: vi.fn() });
    return (subject: string, payload: unknown): void => dispatcher.dispatch({ subject, payload: JSON.stringify(payload) });
  }

  it("keeps the step and percentage of a running publish, and how it ended", () => {
    const send = pushes();
    send("getsconfig.commit", { system_id: 1 });
    send("getsconfig.progress", { system_id: 1, step: "sending", progress: 41 });
    expect([publishStep.get(), importProgress.get()]).toEqual(["sending", 41]);
    send("getsconfig.commit_done", { system_id: 1, result: "failed", error: "missing relation: node 5" });
    expect(commitOutcome.get()).toEqual({ result: "failed", error: "missing relation: node 5", at: NOW });
    expect([publishStep.get(), importProgress.get()]).toEqual([null, null]);
    // The next publish starts without the last one's result.
    send("getsconfig.commit", { system_id: 1 });
    expect(commitOutcome.get()).toBeNull();
  });

  it("reads a commit_done without result as done unless it names an error", () => {
    const send = pushes();
    send("getsconfig.commit_done", { system_id: 1 });
    expect(commitOutcome.get()).toEqual({ result: "done", error: null, at: NOW });
    send("getsconfig.commit_done", { system_id: 1, error: "publish failed" });
    expect(commitOutcome.get()?.result).toBe("failed");
  });

  it("queues pushed sync errors as the latest with a count, ignoring successes", () => {
    receiveSyncError({ ...ERROR, success: true });
    expect(syncErrors.get()).toBeNull();
    receiveSyncError(ERROR);
    receiveSyncError({ ...ERROR, action: "import" });
    expect(syncErrors.get()).toEqual({ latest: { ...ERROR, action: "import" }, count: 2 });
    dismissSyncErrors();
    expect(syncErrors.get()).toBeNull();
  });
});
