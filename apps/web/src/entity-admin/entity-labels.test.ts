import { describe, expect, it } from "vitest";
import { ENTITIES, LOCALES, type Locale } from "@caresuite/domain";
import { adminChildPaths, adminNavLabelKey } from "../features/admin/admin-nav";
import { SETTINGS_SECTIONS } from "../features/admin/settings/settings-form";
import adminDe from "../i18n/locales/admin/de.json";
import adminEn from "../i18n/locales/admin/en.json";
import adminFr from "../i18n/locales/admin/fr.json";
import adminIt from "../i18n/locales/admin/it.json";
import de from "../i18n/locales/de.json";
import en from "../i18n/locales/en.json";
import fr from "../i18n/locales/fr.json";
import it_ from "../i18n/locales/it.json";
import { entityLabelKeys, entitySingularKey, entityTitleKey, fieldLabelKey } from "./entity-labels";

type Catalogue = { [key: string]: string | Catalogue };

function keysOf(catalogue: Catalogue, prefix = ""): string[] {
  return Object.entries(catalogue).flatMap(([key, value]) => (typeof value === "string" ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`)));
}

/** What the app can show in each language once the admin catalogue is loaded. */
const catalogues: Record<Locale, Set<string>> = {
  de: new Set([...keysOf(de), ...keysOf(adminDe)]),
  en: new Set([...keysOf(en), ...keysOf(adminEn)]),
  fr: new Set([...keysOf(fr), ...keysOf(adminFr)]),
  it: new Set([...keysOf(it_), ...keysOf(adminIt)]),
};

function missingIn(keys: readonly string[]): Record<string, string[]> {
  const missing: Record<string, string[]> = {};
  for (const locale of LOCALES) {
    const absent = keys.filter((key) => !catalogues[locale].has(key));
    if (absent.length > 0) missing[locale] = absent;
  }
  return missing;
}

describe("labels of the entity registry (every language)", () => {
  // Loops over the registry: an entity or field added without its labels fails here.
  it.each(ENTITIES.map((entity) => [entity.name, entity] as const))(
    "%s: title, singular, every field, every enum option, unit and sentinel",
    (_name, entity) => {
      expect(missingIn(entityLabelKeys(entity))).toEqual({});
    },
  );

  it("covers what the list and form ask for", () => {
    const callType = ENTITIES.find((entity) => entity.name === "callType");
    expect(callType).toBeDefined();
    if (!callType) return;
    const keys = entityLabelKeys(callType);
    expect(keys).toContain(entityTitleKey(callType));
    expect(keys).toContain(entitySingularKey(callType));
    expect(keys).toContain(fieldLabelKey(callType, "char"));
    expect(keys).toContain("enums.callType.urgency.EMERGENCY");
  });

  it("reads shared option labels from the field's prefix", () => {
    const button = ENTITIES.find((entity) => entity.name === "button");
    const fnA = button?.fields["fn_a"];
    if (!button || fnA?.kind !== "enum" || !fnA.labels) return;
    expect(entityLabelKeys(button)).toContain(`${fnA.labels}.${fnA.values[0]}`);
  });
});

describe("labels of the admin area (every language)", () => {
  it("every child of /admin in the route table has a navigation label", () => {
    expect(missingIn(adminChildPaths().map(adminNavLabelKey))).toEqual({});
  });

  it("every global setting has a label, a help text and its unit", () => {
    const keys = ["settings.fields.locale", "settings.help.locale", "settings.sections.locale"];
    for (const section of SETTINGS_SECTIONS) {
      keys.push(`settings.sections.${section.key}`);
      for (const { name, unit } of section.numbers) keys.push(`settings.fields.${name}`, `settings.help.${name}`, `units.${unit}`);
      for (const name of section.switches) keys.push(`settings.fields.${name}`, `settings.help.${name}`);
    }
    expect(missingIn(keys)).toEqual({});
  });
});
