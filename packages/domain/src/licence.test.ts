import { describe, expect, it } from "vitest";
import { DEMO_LICENCE, LICENCE_FEATURES, UNLICENSED, licenceStatus, isAppGatewayAvailable, isLicensed, licenceFromPayload } from "./licence.ts";
import { licenceActivationInputSchema, licencePayloadSchema } from "./licence-schema.ts";
import type { LicenceFeature } from "./licence.ts";
import { buildLicence, buildSuperuser, buildUser } from "./test-builders.ts";

const user = buildUser();
const superuser = buildSuperuser();

describe("UNLICENSED", () => {
  it('spec: "The default systems limit is 1." and the footer highlights licence id 0', () => {
    expect(UNLICENSED).toEqual({
      id: 0,
      name: "Unlicensed",
      features: { analytics: false, log: false, management: false },
      limits: { devices: 0, visuals: 0, app_clients: 0, systems: 1 },
    });
  });
});

describe("isLicensed", () => {
  it.each<[string, LicenceFeature, ReturnType<typeof buildLicence>, typeof user | undefined, boolean]>([
    // spec: 'the feature "app" is licensed when app_clients is not 0'
    ["app with clients", "app", buildLicence({ limits: { app_clients: 5 } }), user, true],
    ["app with 0 clients", "app", buildLicence({ limits: { app_clients: 0 } }), user, false],
    ["app, superuser, 0 clients", "app", buildLicence({ limits: { app_clients: 0 } }), superuser, false],
    // spec: "Other features need their flag to be true."
    ["analytics flag on", "analytics", buildLicence(), user, true],
    ["analytics flag off", "analytics", buildLicence({ features: { analytics: false } }), user, false],
    ["analytics flag off, superuser", "analytics", buildLicence({ features: { analytics: false } }), superuser, false],
    ["log flag off", "log", buildLicence({ features: { log: false } }), user, false],
    ["management flag on", "management", buildLicence(), user, true],
    ["management flag off", "management", buildLicence({ features: { management: false } }), user, false],
    ["management flag off, no user", "management", buildLicence({ features: { management: false } }), undefined, false],
    // spec: "A superuser counts as management licensed."
    ["management flag off, superuser", "management", UNLICENSED, superuser, true],
  ])("%s", (_label, feature, licence, who, expected) => {
    expect(isLicensed(licence, feature, who)).toBe(expected);
  });
});

describe("isAppGatewayAvailable", () => {
  // spec: "The app gateway is available only if app_clients is not 0, the gateway is enabled and
  // the current system equals the gateway system id."
  const licensed = buildLicence({ limits: { app_clients: 3 } });
  it.each([
    ["all three hold", licensed, true, 2, 2, true],
    ["app_clients 0", buildLicence({ limits: { app_clients: 0 } }), true, 2, 2, false],
    ["gateway disabled", licensed, false, 2, 2, false],
    ["other system", licensed, true, 2, 1, false],
    ["no gateway system", licensed, true, null, 1, false],
  ])("%s → %s", (_label, licence, enabled, gatewaySystem, current, expected) => {
    const appState = { app_gateway_enabled: enabled, app_gateway_system_id: gatewaySystem };
    expect(isAppGatewayAvailable(licence, appState, current)).toBe(expected);
  });
});

describe("licencePayloadSchema", () => {
  const valid = {
    licence_id: 12,
    customer: "100234",
    name: "Pflegeheim Sonnenhof",
    version: 5,
    features: { analytics: true, log: true, management: false },
    limits: { devices: 500, visuals: 4, app_clients: 10, systems: 2 },
    issued_at: "2025-01-02T03:04:05.000Z",
  };

  it("accepts a complete payload and maps it to a licence", () => {
    const payload = licencePayloadSchema.parse(valid);
    expect(licenceFromPayload(payload)).toEqual({
      id: 12,
      name: "Pflegeheim Sonnenhof",
      features: valid.features,
      limits: valid.limits,
    });
  });

  it.each([
    ["licence id 0", { licence_id: 0 }],
    ["fractional id", { licence_id: 1.5 }],
    // spec: "Licence number max 6 characters"
    ["customer longer than 6", { customer: "1002345" }],
    ["empty customer", { customer: "" }],
    ["negative limit", { limits: { ...valid.limits, devices: -5 } }],
    ["missing feature flag", { features: { analytics: true, log: true } }],
    ["issued_at not a timestamp", { issued_at: "yesterday" }],
  ])("rejects %s", (_label, patch) => {
    expect(licencePayloadSchema.safeParse({ ...valid, ...patch }).success).toBe(false);
  });
});

describe("licenceActivationInputSchema", () => {
  // spec: "Licence number max 6 characters; activation code required."
  it.each([
    [{ customer: "123456", code: "abc" }, true],
    [{ customer: "1234567", code: "abc" }, false],
    [{ customer: "123456", code: "" }, false],
    [{ customer: "123456" }, false],
    [{ customer: "", code: "abc" }, false],
  ])("%j valid: %s", (input, expected) => {
    expect(licenceActivationInputSchema.safeParse(input).success).toBe(expected);
  });
});

// "Demo mode runs with a demo licence that enables every module (analytics, log,
// management, app clients), marked "Demo" in the footer."
describe("DEMO_LICENCE", () => {
  it.each(LICENCE_FEATURES.map((feature) => [feature]))("licenses %s without a superuser", (feature) => {
    expect(isLicensed(DEMO_LICENCE, feature, user)).toBe(true);
  });
});

// "The footer says one consistent thing: running unlicensed with the default limits."
describe("licenceStatus", () => {
  it.each<[string, { id: number }, string]>([
    ["nothing activated (spec: highlighted when the licence id is 0)", UNLICENSED, "unlicensed"],
    ["the demo licence", DEMO_LICENCE, "demo"],
    ["an activated licence", buildLicence(), "licensed"],
  ])("%s", (_label, licence, expected) => {
    expect(licenceStatus(licence)).toBe(expected);
  });
});
