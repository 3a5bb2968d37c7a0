import { builder } from "../../graphql/builder.ts";
// Registers the auto-commit scheduler (system parameter auto_commit, docs/decisions/031-auto-commit).
import "./auto-commit.ts";
import { withConnectionParams, type SocketContext } from "../../graphql/socket-context.ts";
import {
  configChangelog,
  GETS_HTTP_ERROR_TOPIC,
  importConfigChanges,
  publishConfig,
  type ConfigChangelogView,
  type ConfigSyncInfo,
  type GetsHttpError,
} from "./config-sync.service.ts";
import type { ConfigChangeLogEntry, ConfigFieldChange } from "@caresuite/protocol";

const json = (value: unknown): string | null => (value === null || value === undefined ? null : JSON.stringify(value));

const FieldChangeType = builder.objectRef<ConfigFieldChange>("ConfigFieldChange").implement({
  description: "One field that differs: our value and the call system's, as JSON text.",
  fields: (t) => ({
    field: t.exposeString("field"),
    ours: t.string({ nullable: true, resolve: (c) => json(c.ours) }),
    theirs: t.string({ nullable: true, resolve: (c) => json(c.theirs) }),
  }),
});

const EntryType = builder.objectRef<ConfigChangeLogEntry>("ConfigChangeLogEntry").implement({
  description: 'spec "Change log entry: id, entity_id, entity_kind, state, changes (field, ours, theirs), ours, theirs".',
  fields: (t) => ({
    id: t.exposeString("id"),
    entity_id: t.exposeInt("entity_id"),
    entity_kind: t.exposeString("entity_kind", { description: "The controller's collection: system_tree, call_types, sections, ..." }),
    state: t.exposeString("state", { description: "spec row state (docs/decisions/028)." }),
    changes: t.field({ type: [FieldChangeType], resolve: (e) => e.changes }),
    ours: t.string({ nullable: true, description: "Our record as JSON (null: we have none).", resolve: (e) => json(e.ours) }),
    theirs: t.string({ nullable: true, description: "The call system's record as JSON (null: it has none).", resolve: (e) => json(e.theirs) }),
  }),
});

const InfoType = builder.objectRef<ConfigSyncInfo>("ConfigSyncInfo").implement({
  description: "What the changelog compares: the call system's configuration as last fetched, and our commit state.",
  fields: (t) => ({
    revision: t.exposeInt("revision", { nullable: true, description: "The call system's configuration revision as last fetched." }),
    fetched_at: t.exposeString("fetched_at", { nullable: true }),
    imported_at: t.exposeString("imported_at", { nullable: true, description: "When it last replaced ours." }),
    last_commit: t.exposeString("last_commit", { nullable: true }),
    last_change: t.exposeString("last_change", { nullable: true }),
  }),
});

const ChangelogType = builder.objectRef<ConfigChangelogView>("ConfigChangelog").implement({
  description: 'spec "Config changelog result: status, error, progress, config, changelog".',
  fields: (t) => ({
    status: t.exposeString("status", {
      description: "Data sync status: busy, in-sync, loading, needs-commit, offline, processing, ready, unauthorized, unknown.",
    }),
    error: t.exposeString("error", { nullable: true, description: "Why the last publish failed." }),
    progress: t.exposeInt("progress", { description: "Percentage of the running publish (0 when none runs)." }),
    step: t.exposeString("step", { nullable: true, description: "Send step of the running publish." }),
    config: t.field({ type: InfoType, resolve: (v) => v.config }),
    changelog: t.field({ type: [EntryType], resolve: (v) => v.changelog() }),
  }),
});

builder.queryField("configChangelog", (t) =>
  t.field({
    type: ChangelogType,
    description: "Ours versus the call system's configuration of the current system, with the publish state.",
    authScopes: { permission: "systemtree::sync" },
    resolve: (_root, _args, ctx) => configChangelog(ctx),
  }),
);

builder.mutationField("importConfigChanges", (t) =>
  t.field({
    type: "Int",
    description: "Import changes: the call system's configuration replaces ours (audited gets_imported); the number of changed records.",
    authScopes: { permission: "systemtree::sync" },
    resolve: (_root, _args, ctx) => importConfigChanges(ctx),
  }),
);

builder.mutationField("publishConfig", (t) =>
  t.field({
    type: "Boolean",
    description: "Starts publishing our whole configuration to the call system; progress arrives as getsconfig.* system messages and in configChangelog.",
    authScopes: { permission: "systemtree::sync" },
    resolve: (_root, _args, ctx) => publishConfig(ctx),
  }),
);

const HttpErrorType = builder.objectRef<GetsHttpError>("GetsHTTPError").implement({
  description: 'spec "Sync-error message: action, checks, message, payload, url, success".',
  fields: (t) => ({
    action: t.exposeString("action"),
    checks: t.exposeString("checks", { nullable: true }),
    message: t.exposeString("message"),
    payload: t.exposeString("payload", { nullable: true }),
    url: t.exposeString("url"),
    success: t.exposeBoolean("success"),
  }),
});

builder.subscriptionField("getsHTTPError", (t) =>
  t.field({
    type: HttpErrorType,
    description: "A request to the call system that failed during a sync (publish, import).",
    authScopes: { permission: "systemtree::sync" },
    subscribe: async (_root, _args, ctx) =>
      (await withConnectionParams(ctx as SocketContext)).bus.subscribe(GETS_HTTP_ERROR_TOPIC) as AsyncGenerator<GetsHttpError>,
    resolve: (message) => message as GetsHttpError,
  }),
);
