import type { APP_DATA_DOCUMENT } from "./app-data.graphql";
import type { ResultOf, VariablesOf } from "./graphql";
import { LICENCE_FIELDS } from "./licence-fields";
import { ANONYMOUS_USER, EPOCH_ZERO, UNLICENSED, type AuthUser, type Licence, type PublicSystemParams } from "@caresuite/domain";

/** spec §7: "AppData(hasSession: Boolean!): license, appState, authUser, ... no cache, errors ignored." */
export const APP_DATA_OPERATION = "AppData";

/**
 * Sent as plain text (api/plain-query.ts): every page loads AppData first, the sign-in page
 * included, and that page does without the GraphQL client.
 */
export const APP_DATA_QUERY = /* GraphQL */ `
  query AppData($hasSession: Boolean!) {
    license {
      ...LicenceFields
      development_key
    }
    appState {
      offline_mode
      app_gateway_enabled
      app_gateway_system_id
      last_gets_change
      last_gets_commit
      committing_gets_config
      configurator_ip
      configurator_version
      setup_time
      has_initial_user
      configurator_set
      configurator_virtual
      features {
        display_group_overrides
        demo_mode
        incidents
      }
      outdated_hubs {
        id
        name
        last_sync
      }
    }
    authUser {
      id
      name
      username
      locale
      homepage
      is_superuser
      is_ldap
      password_is_temporary
      system_access
      emails
      permissions
      write_permissions
      roles {
        id
        name
      }
    }
    systems {
      id
      name
    }
    globalSettings @include(if: $hasSession) {
      battery_threshold_low
      battery_threshold_critical
      locale
    }
    globalAppSettings @include(if: $hasSession) {
      subscriptions_enabled
    }
    publicSystemParams {
      id
      name
      weekend_start
      weekend_stop
    }
  }
  ${LICENCE_FIELDS}
` as const;

/**
 * The answer's type, derived from the schema by gql.tada; a type-only import, so the string stays
 * a string and no GraphQL parser joins the first chunk.
 */
export type AppDataResult = ResultOf<typeof APP_DATA_DOCUMENT>;
export type AppDataVariables = VariablesOf<typeof APP_DATA_DOCUMENT>;
/** appState as AppData selects it: the domain AppState with `configurator_set` and `configurator_virtual` (the setup wizard's step 3). */
type AppStateData = NonNullable<AppDataResult["appState"]>;
type SystemSummary = NonNullable<AppDataResult["systems"]>[number];
type GlobalSettingsSummary = NonNullable<AppDataResult["globalSettings"]>;

/** AppData with every part present: what the rest of the app reads. */
export interface AppData {
  licence: Licence;
  /** The server runs with the development licence key: the footer says so. */
  developmentLicenceKey: boolean;
  appState: AppStateData;
  user: AuthUser;
  systems: SystemSummary[];
  globalSettings: GlobalSettingsSummary | null;
  globalAppSettings: { subscriptions_enabled: boolean } | null;
  publicSystemParams: PublicSystemParams[];
}

/**
 * Used for parts a partial answer lacks. setup_time is set on purpose: a failed load must not
 * send a configured installation into the setup wizard.
 */
export const FALLBACK_APP_STATE: AppStateData = {
  offline_mode: false,
  app_gateway_enabled: false,
  app_gateway_system_id: null,
  last_gets_change: EPOCH_ZERO,
  last_gets_commit: EPOCH_ZERO,
  committing_gets_config: null,
  configurator_ip: null,
  configurator_version: null,
  setup_time: EPOCH_ZERO,
  has_initial_user: true,
  configurator_set: false,
  configurator_virtual: false,
  features: { display_group_overrides: false, demo_mode: false, incidents: false },
  outdated_hubs: [],
};

/** Fills what a partial answer (errors are ignored, spec §7) left out. */
export function normaliseAppData(result: AppDataResult): AppData {
  return {
    licence: result.license ?? UNLICENSED,
    developmentLicenceKey: result.license?.development_key ?? false,
    appState: result.appState ?? FALLBACK_APP_STATE,
    user: result.authUser ?? ANONYMOUS_USER,
    systems: result.systems ?? [],
    globalSettings: result.globalSettings ?? null,
    globalAppSettings: result.globalAppSettings ?? null,
    publicSystemParams: result.publicSystemParams ?? [],
  };
}
