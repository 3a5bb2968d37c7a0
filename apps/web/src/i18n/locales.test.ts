import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { VALIDATION_KEYS } from "@caresuite/domain";
import adminDe from "./locales/admin/de.json";
import adminEn from "./locales/admin/en.json";
import adminFr from "./locales/admin/fr.json";
import adminIt from "./locales/admin/it.json";
import auditDe from "./locales/audit/de.json";
import auditEn from "./locales/audit/en.json";
import auditFr from "./locales/audit/fr.json";
import auditIt from "./locales/audit/it.json";
import demoDe from "./locales/demo/de.json";
import demoEn from "./locales/demo/en.json";
import demoFr from "./locales/demo/fr.json";
import demoIt from "./locales/demo/it.json";
import displayDe from "./locales/display/de.json";
import displayEn from "./locales/display/en.json";
import displayFr from "./locales/display/fr.json";
import displayIt from "./locales/display/it.json";
import nodeFormDe from "./locales/node-form/de.json";
import nodeFormEn from "./locales/node-form/en.json";
import nodeFormFr from "./locales/node-form/fr.json";
import nodeFormIt from "./locales/node-form/it.json";
import searchDe from "./locales/search/de.json";
import searchEn from "./locales/search/en.json";
import searchFr from "./locales/search/fr.json";
import searchIt from "./locales/search/it.json";
import syncPopupsDe from "./locales/sync-popups/de.json";
import syncPopupsEn from "./locales/sync-popups/en.json";
import syncPopupsFr from "./locales/sync-popups/fr.json";
import syncPopupsIt from "./locales/sync-popups/it.json";
import exportsDe from "./locales/exports/de.json";
import exportsEn from "./locales/exports/en.json";
import exportsFr from "./locales/exports/fr.json";
import exportsIt from "./locales/exports/it.json";
import logDe from "./locales/log/de.json";
import logEn from "./locales/log/en.json";
import logFr from "./locales/log/fr.json";
import logIt from "./locales/log/it.json";
import analyticsDe from "./locales/analytics/de.json";
import analyticsEn from "./locales/analytics/en.json";
import analyticsFr from "./locales/analytics/fr.json";
import analyticsIt from "./locales/analytics/it.json";
import incidentsDe from "./locales/incidents/de.json";
import incidentsEn from "./locales/incidents/en.json";
import incidentsFr from "./locales/incidents/fr.json";
import incidentsIt from "./locales/incidents/it.json";
import shellDe from "./locales/shell/de.json";
import shellEn from "./locales/shell/en.json";
import shellFr from "./locales/shell/fr.json";
import shellIt from "./locales/shell/it.json";
import incidentNotificationsDe from "./locales/incident-notifications/de.json";
import incidentNotificationsEn from "./locales/incident-notifications/en.json";
import incidentNotificationsFr from "./locales/incident-notifications/fr.json";
import incidentNotificationsIt from "./locales/incident-notifications/it.json";
import treeDe from "./locales/tree/de.json";
import treeEn from "./locales/tree/en.json";
import treeFr from "./locales/tree/fr.json";
import treeIt from "./locales/tree/it.json";
import backupsDe from "./locales/backups/de.json";
import backupsEn from "./locales/backups/en.json";
import backupsFr from "./locales/backups/fr.json";
import backupsIt from "./locales/backups/it.json";
import syncDe from "./locales/sync/de.json";
import syncEn from "./locales/sync/en.json";
import syncFr from "./locales/sync/fr.json";
import syncIt from "./locales/sync/it.json";
import systemOpsDe from "./locales/system-ops/de.json";
import systemOpsEn from "./locales/system-ops/en.json";
import systemOpsFr from "./locales/system-ops/fr.json";
import systemOpsIt from "./locales/system-ops/it.json";
import de from "./locales/de.json";
import en from "./locales/en.json";
import fr from "./locales/fr.json";
import it_ from "./locales/it.json";

type Catalogue = { [key: string]: string | Catalogue };

function flatten(catalogue: Catalogue, prefix = ""): Map<string, string> {
  const result = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") result.set(path, value);
    else for (const [k, v] of flatten(value, path)) result.set(k, v);
  }
  return result;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? "").sort();
}

// Three catalogues per language: the main one (in the /login bundle for de), the admin one
// (loaded with the admin area, i18n/admin-catalogue.ts) and the audit log's (loaded when the
// modal opens, i18n/audit-catalogue.ts); all are checked alike.
const parts = {
  main: { de: flatten(de), others: { en: flatten(en), fr: flatten(fr), it: flatten(it_) } },
  admin: { de: flatten(adminDe), others: { en: flatten(adminEn), fr: flatten(adminFr), it: flatten(adminIt) } },
  audit: { de: flatten(auditDe), others: { en: flatten(auditEn), fr: flatten(auditFr), it: flatten(auditIt) } },
  // The demo screen's texts, loaded with it (i18n/demo-catalogue.ts).
  demo: { de: flatten(demoDe), others: { en: flatten(demoEn), fr: flatten(demoFr), it: flatten(demoIt) } },
  // The display board's texts, loaded with it (i18n/display-catalogue.ts).
  display: { de: flatten(displayDe), others: { en: flatten(displayEn), fr: flatten(displayFr), it: flatten(displayIt) } },
  // The system tree node form's texts, loaded with it (i18n/node-form-catalogue.ts).
  nodeForm: { de: flatten(nodeFormDe), others: { en: flatten(nodeFormEn), fr: flatten(nodeFormFr), it: flatten(nodeFormIt) } },
  // The tree screens' texts, loaded with them (features/tree/tree-catalogue.ts).
  tree: { de: flatten(treeDe), others: { en: flatten(treeEn), fr: flatten(treeFr), it: flatten(treeIt) } },
  // The export menu's and job list's texts, loaded with the log and the tree (i18n/exports-catalogue.ts).
  exports: { de: flatten(exportsDe), others: { en: flatten(exportsEn), fr: flatten(exportsFr), it: flatten(exportsIt) } },
  // The call log's texts, loaded with it (features/log/log-catalogue.ts).
  log: { de: flatten(logDe), others: { en: flatten(logEn), fr: flatten(logFr), it: flatten(logIt) } },
  // The analytics screen's texts, loaded with it (features/analytics/analytics-catalogue.ts).
  analytics: { de: flatten(analyticsDe), others: { en: flatten(analyticsEn), fr: flatten(analyticsFr), it: flatten(analyticsIt) } },
  // The incident screens' and the header indicator's texts (features/incidents/incidents-catalogue.ts).
  incidents: { de: flatten(incidentsDe), others: { en: flatten(incidentsEn), fr: flatten(incidentsFr), it: flatten(incidentsIt) } },
  // The signed-in shell's texts, loaded with the main layout (app/shell/shell-catalogue.ts).
  shell: { de: flatten(shellDe), others: { en: flatten(shellEn), fr: flatten(shellFr), it: flatten(shellIt) } },
  // The incident notification screen's texts (features/incidents/notifications/notification-catalogue.ts).
  incidentNotifications: {
    de: flatten(incidentNotificationsDe),
    others: { en: flatten(incidentNotificationsEn), fr: flatten(incidentNotificationsFr), it: flatten(incidentNotificationsIt) },
  },
  // The global search popup's texts, loaded on first use (i18n/search-catalogue.ts).
  search: { de: flatten(searchDe), others: { en: flatten(searchEn), fr: flatten(searchFr), it: flatten(searchIt) } },
  // The sync route's texts, loaded with it (features/sync/sync-catalogue.ts).
  sync: { de: flatten(syncDe), others: { en: flatten(syncEn), fr: flatten(syncFr), it: flatten(syncIt) } },
  // The backup screen's texts, loaded with it (features/admin/backups/backups-catalogue.ts).
  backups: { de: flatten(backupsDe), others: { en: flatten(backupsEn), fr: flatten(backupsFr), it: flatten(backupsIt) } },
  // The commit and sync-error popups' texts, loaded when one opens (i18n/sync-popups-catalogue.ts).
  syncPopups: { de: flatten(syncPopupsDe), others: { en: flatten(syncPopupsEn), fr: flatten(syncPopupsFr), it: flatten(syncPopupsIt) } },
  // The system tools' texts: maintenance, cleanup, logs, licence (features/admin/system/system-catalogue.ts).
  systemOps: { de: flatten(systemOpsDe), others: { en: flatten(systemOpsEn), fr: flatten(systemOpsFr), it: flatten(systemOpsIt) } },
};
const reference = parts.main.de;
const others = parts.main.others;
/** Every key the app can show in German once the admin area and the audit log are loaded. */
const allGerman = new Map([
  ...parts.main.de,
  ...parts.admin.de,
  ...parts.audit.de,
  ...parts.demo.de,
  ...parts.display.de,
  ...parts.nodeForm.de,
  ...parts.tree.de,
  ...parts.log.de,
  ...parts.exports.de,
  ...parts.analytics.de,
  ...parts.incidents.de,
  ...parts.shell.de,
  ...parts.incidentNotifications.de,
  ...parts.search.de,
  ...parts.sync.de,
  ...parts.syncPopups.de,
  ...parts.systemOps.de,
  ...parts.backups.de,
]);

describe.each([
  "admin",
  "audit",
  "demo",
  "display",
  "nodeForm",
  "tree",
  "log",
  "exports",
  "analytics",
  "incidents",
  "incidentNotifications",
  "shell",
  "search",
  "sync",
  "syncPopups",
  "systemOps",
  "backups",
] as const)("%s catalogue", (name) => {
  const admin = parts[name];
  it.each(Object.entries(admin.others))("%s has exactly the keys of de (the reference)", (_locale, catalogue) => {
    expect([...catalogue.keys()].sort()).toEqual([...admin.de.keys()].sort());
  });

  it.each(Object.entries({ de: admin.de, ...admin.others }))("%s has a real text for every key", (_locale, catalogue) => {
    for (const [key, value] of catalogue) {
      expect(value.trim(), key).not.toBe("");
      expect(value, key).not.toBe(key);
    }
  });

  it.each(Object.entries(admin.others))("%s uses the same placeholders as de", (_locale, catalogue) => {
    for (const [key, value] of admin.de) {
      expect(placeholders(catalogue.get(key) ?? ""), key).toEqual(placeholders(value));
    }
  });

  it("shares no key with the other catalogues (all merge into one namespace)", () => {
    const others = Object.entries(parts).filter(([other]) => other !== name);
    const shared = [...admin.de.keys()].filter((key) => others.some(([, part]) => part.de.has(key)));
    expect(shared).toEqual([]);
  });
});

describe("locale catalogues", () => {
  it.each(Object.entries(others))("%s has exactly the keys of de (the reference)", (_locale, catalogue) => {
    expect([...catalogue.keys()].sort()).toEqual([...reference.keys()].sort());
  });

  it.each(Object.entries({ de: reference, ...others }))("%s has a real text for every key", (_locale, catalogue) => {
    for (const [key, value] of catalogue) {
      expect(value.trim(), key).not.toBe("");
      expect(value, key).not.toBe(key);
    }
  });

  it.each(Object.entries(others))("%s uses the same placeholders as de", (_locale, catalogue) => {
    for (const [key, value] of reference) {
      expect(placeholders(catalogue.get(key) ?? ""), key).toEqual(placeholders(value));
    }
  });

  it("has a message for every validation key the domain emits", () => {
    for (const key of Object.values(VALIDATION_KEYS)) expect(reference.has(key), key).toBe(true);
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("keys used in the code", () => {
  // Literal keys only: t("a.b"), titleKey/labelKey: "a.b", key: "a.b".
  const pattern = /(?:\bt\(\s*|(?:titleKey|labelKey|key):\s*)"([a-zA-Z][\w]*(?:\.[\w]+)+)"/g;
  const used = new Set<string>();
  for (const file of sourceFiles(join(import.meta.dirname, ".."))) {
    for (const match of readFileSync(file, "utf8").matchAll(pattern)) used.add(match[1] ?? "");
  }

  it("finds keys at all (guards the pattern)", () => {
    expect(used.size).toBeGreaterThan(50);
  });

  it("every literal key exists in de", () => {
    const missing = [...used].filter((key) => !allGerman.has(key) && !allGerman.has(`${key}.title`));
    expect(missing).toEqual([]);
  });
});
