import { builder } from "../../graphql/builder.ts";
import type { StoredAppState } from "./app-state.repo.ts";
import { appStateView, type AppStateView } from "./app-state.service.ts";
import { globalAppSettings, globalSettings, updateGlobalSettings } from "./global-settings.service.ts";
import type { GlobalAppSettings, GlobalSettings } from "./global-settings.repo.ts";

const FeaturesType = builder.objectRef<StoredAppState["features"]>("AppFeatures").implement({
  fields: (t) => ({
    // The server has display group overrides (docs/decisions/022): the feature is on, whatever an
    // older stored state says (it was written while the feature did not exist yet).
    display_group_overrides: t.boolean({ resolve: () => true }),
    demo_mode: t.exposeBoolean("demo_mode"),
    incidents: t.exposeBoolean("incidents"),
  }),
});

const OutdatedHubType = builder.objectRef<{ id: number; name: string; last_sync: string | null }>("OutdatedHub").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    name: t.exposeString("name"),
    last_sync: t.exposeString("last_sync", { nullable: true }),
  }),
});

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** Times are ISO-8601 UTC strings; "never" is the epoch (spec: "epoch zero"). */
const AppStateType = builder.objectRef<AppStateView>("AppState").implement({
  fields: (t) => ({
    offline_mode: t.exposeBoolean("offline_mode"),
    app_gateway_enabled: t.exposeBoolean("app_gateway_enabled"),
    app_gateway_system_id: t.exposeInt("app_gateway_system_id", { nullable: true }),
    last_gets_change: t.string({ resolve: (s) => iso(s.last_gets_change) ?? "" }),
    last_gets_commit: t.string({ resolve: (s) => iso(s.last_gets_commit) ?? "" }),
    committing_gets_config: t.string({ nullable: true, resolve: (s) => iso(s.commit_started_at) }),
    configurator_ip: t.exposeString("configurator_ip", { nullable: true }),
    configurator_version: t.exposeString("configurator_version", { nullable: true }),
    setup_time: t.string({ nullable: true, resolve: (s) => iso(s.setup_time) }),
    has_initial_user: t.exposeBoolean("has_initial_user"),
    configurator_set: t.exposeBoolean("configurator_set"),
    configurator_virtual: t.exposeBoolean("configurator_virtual"),
    features: t.field({ type: FeaturesType, resolve: (s) => s.features }),
    outdated_hubs: t.field({ type: [OutdatedHubType], resolve: (s) => s.outdated_hubs }),
  }),
});

builder.queryField("appState", (t) =>
  t.field({
    type: AppStateType,
    description: "Application state; public because login, setup and the display route by it.",
    authScopes: { public: true },
    resolve: (_root, _args, ctx) => appStateView(ctx),
  }),
);

const GlobalSettingsType = builder.objectRef<GlobalSettings>("GlobalSettings").implement({
  fields: (t) => ({
    ignore_linkable_node_pool_for_super_users: t.exposeBoolean("ignore_linkable_node_pool_for_super_users"),
    system_tree_text_long_required: t.exposeBoolean("system_tree_text_long_required"),
    allow_empty_call_source_names: t.exposeBoolean("allow_empty_call_source_names"),
    battery_threshold_low: t.exposeInt("battery_threshold_low"),
    battery_threshold_critical: t.exposeInt("battery_threshold_critical"),
    defects_timeout: t.exposeInt("defects_timeout"),
    monitoring_timeout_radio: t.exposeInt("monitoring_timeout_radio"),
    monitoring_timeout_tech: t.exposeInt("monitoring_timeout_tech"),
    monitoring_timeout_wired: t.exposeInt("monitoring_timeout_wired"),
    locale: t.exposeString("locale"),
  }),
});

builder.queryField("globalSettings", (t) =>
  t.field({
    type: GlobalSettingsType,
    // Part of AppData, which the set-password screen of a temporary password loads too.
    authScopes: { signedIn: true },
    resolve: (_root, _args, ctx) => globalSettings(ctx),
  }),
);

const GlobalSettingsInput = builder.inputType("GlobalSettingsInput", {
  fields: (t) => ({
    ignore_linkable_node_pool_for_super_users: t.boolean(),
    system_tree_text_long_required: t.boolean(),
    allow_empty_call_source_names: t.boolean(),
    battery_threshold_low: t.int(),
    battery_threshold_critical: t.int(),
    defects_timeout: t.int(),
    monitoring_timeout_radio: t.int(),
    monitoring_timeout_tech: t.int(),
    monitoring_timeout_wired: t.int(),
    locale: t.string(),
  }),
});

builder.mutationField("updateGlobalSettings", (t) =>
  t.field({
    type: GlobalSettingsType,
    args: { data: t.arg({ type: GlobalSettingsInput, required: true }) },
    authScopes: { writePermission: "admin::manage_system" },
    resolve: (_root, args, ctx) => updateGlobalSettings(ctx, args.data),
  }),
);

const GlobalAppSettingsType = builder.objectRef<GlobalAppSettings>("GlobalAppSettings").implement({
  fields: (t) => ({ subscriptions_enabled: t.exposeBoolean("subscriptions_enabled") }),
});

builder.queryField("globalAppSettings", (t) =>
  t.field({
    type: GlobalAppSettingsType,
    // Part of AppData, which the set-password screen of a temporary password loads too.
    authScopes: { signedIn: true },
    resolve: (_root, _args, ctx) => globalAppSettings(ctx),
  }),
);
