import type { LicencePayload } from "./licence-schema.ts";

/** The active licence (data spec §3.3 "Licence"). */
export interface Licence {
  id: number;
  name: string;
  features: { analytics: boolean; log: boolean; management: boolean };
  limits: { devices: number; visuals: number; app_clients: number; systems: number };
}

/**
 * The licence in force before any activation. Its id 0 makes the footer highlight it red.
 * spec: "The default systems limit is 1."
 */
export const UNLICENSED: Licence = Object.freeze({
  id: 0,
  name: "Unlicensed",
  features: Object.freeze({ analytics: false, log: false, management: false }),
  limits: Object.freeze({ devices: 0, visuals: 0, app_clients: 0, systems: 1 }),
});

/**
 * The licence demo mode runs with when none is activated ("Demo mode runs with a demo
 * licence that enables every module (analytics, log, management, app clients) ... so the demo
 * shows the whole product as it grows"). Its id -1 is no vendor licence (those count from 1).
 * One system, as the demo has one.
 */
export const DEMO_LICENCE: Licence = Object.freeze({
  id: -1,
  name: "Demo",
  features: Object.freeze({ analytics: true, log: true, management: true }),
  limits: Object.freeze({ devices: 1000, visuals: 100, app_clients: 100, systems: 1 }),
});

/** What the footer and the limit notices say about the licence. */
export type LicenceStatus = "licensed" | "demo" | "unlicensed";

/**
 * Licence id 0 is running unlicensed with the default limits (spec: "The default systems limit
 * is 1"); the demo licence is the demo's; every other id is an activated licence.
 */
export function licenceStatus(licence: Pick<Licence, "id">): LicenceStatus {
  if (licence.id === UNLICENSED.id) return "unlicensed";
  if (licence.id === DEMO_LICENCE.id) return "demo";
  return "licensed";
}

/** A licensable module. "app" has no flag: it follows the app_clients limit. */
export type LicenceFeature = "analytics" | "log" | "management" | "app";

/** Every licensable feature, in spec order. */
export const LICENCE_FEATURES: readonly LicenceFeature[] = ["analytics", "log", "management", "app"];

/**
 * spec: "the feature "app" is licensed when app_clients is not 0. Other features need their flag
 * to be true. A superuser counts as management licensed."
 */
export function isLicensed(licence: Licence, feature: LicenceFeature, user?: { is_superuser: boolean }): boolean {
  switch (feature) {
    case "app":
      return licence.limits.app_clients !== 0;
    case "management":
      return licence.features.management || user?.is_superuser === true;
    default:
      return licence.features[feature];
  }
}

/**
 * spec: "The app gateway is available only if app_clients is not 0, the gateway is enabled and
 * the current system equals the gateway system id."
 */
export function isAppGatewayAvailable(
  licence: Licence,
  appState: { app_gateway_enabled: boolean; app_gateway_system_id: number | null },
  currentSystemId: number,
): boolean {
  return isLicensed(licence, "app") && appState.app_gateway_enabled && appState.app_gateway_system_id === currentSystemId;
}

/** The licence a validated payload grants. */
export function licenceFromPayload(payload: LicencePayload): Licence {
  return {
    id: payload.licence_id,
    name: payload.name,
    features: { ...payload.features },
    limits: { ...payload.limits },
  };
}
