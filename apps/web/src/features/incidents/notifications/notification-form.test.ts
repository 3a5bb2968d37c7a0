import { describe, expect, it } from "vitest";
import { INCIDENT_NOTIFICATION_STATES } from "@caresuite/domain";
import de from "../../../i18n/locales/incident-notifications/de.json";
import en from "../../../i18n/locales/incident-notifications/en.json";
import fr from "../../../i18n/locales/incident-notifications/fr.json";
import it_ from "../../../i18n/locales/incident-notifications/it.json";
import { cellKey, cellsOf, failureKey, notificationInput, stateColor, subscriptionsOf } from "./notification-form";

type Catalogue = { [key: string]: string | Catalogue };
const keys = (catalogue: Catalogue, prefix = ""): string[] =>
  Object.entries(catalogue).flatMap(([key, value]) => (typeof value === "string" ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`)));

describe("incident notification form", () => {
  it("the grid round-trips: ticked cells become the server's input in the grid's order", () => {
    const cells = cellsOf([
      { subject: "Reachability", severity: "Critical" },
      { subject: "Battery", severity: "Warning" },
      { subject: "Battery", severity: "Critical" },
    ]);
    expect(subscriptionsOf(cells)).toEqual([
      { subject: "Battery", severity: "Critical" },
      { subject: "Battery", severity: "Warning" },
      { subject: "Reachability", severity: "Critical" },
    ]);
    expect(notificationInput(null, cells)).toEqual({ input: { user_id: null, subscriptions: subscriptionsOf(cells) }, errors: {} });
  });

  it("checks with the server's schema: a cell the spec does not name never reaches the input", () => {
    // Cells outside the grid are not offered, so they are dropped rather than refused.
    expect(notificationInput(7, new Set([cellKey("Fire", "Critical")])).input.subscriptions).toEqual([]);
    expect(notificationInput(-1, new Set()).errors).toMatchObject({ user_id: { message: "validation.numeric" } });
  });

  it("spec 'Notification delivery: sent, confirmed, opened, error, unknown': every state has a colour and words in all four languages", () => {
    for (const state of INCIDENT_NOTIFICATION_STATES) {
      expect(stateColor(state)).toBeTruthy();
      for (const catalogue of [de, en, fr, it_]) expect(catalogue.incidentNotifications.states[state]).toBeTruthy();
    }
    expect(stateColor("error")).toBe("red");
    expect(stateColor("sent")).toBe("green");
  });

  it("failure classes read as text, unknown ones as 'other'", () => {
    expect(failureKey("smtp:rejected")).toBe("incidentNotifications.failures.smtp_rejected");
    expect(failureKey("no_address")).toBe("incidentNotifications.failures.no_address");
    expect(failureKey("something odd")).toBe("incidentNotifications.failures.other");
    expect(failureKey(null)).toBeNull();
    for (const key of ["smtp_timeout", "smtp_rejected", "no_address", "interrupted", "other"])
      expect(de.incidentNotifications.failures[key as keyof typeof de.incidentNotifications.failures]).toBeTruthy();
  });

  it("de, en, fr and it have the same keys", () => {
    const reference = keys(de).sort();
    for (const catalogue of [en, fr, it_]) expect(keys(catalogue).sort()).toEqual(reference);
  });
});
