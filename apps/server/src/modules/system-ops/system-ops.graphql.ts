import { builder } from "../../graphql/builder.ts";
import { LOG_LEVELS, type CleanupCounts, type LogLevelName } from "@caresuite/domain";
import { cleanupPreview, runCleanup } from "./cleanup.service.ts";
import { logFileLines, logFiles, type LogFileView } from "./logs.service.ts";
import { maintenanceStatus, reimportConfiguration, restartCallSystemLink, type LinkHealth, type MaintenanceStatus } from "./maintenance.service.ts";
import type { LogLine, LogRead } from "./log-files.ts";

/**
 * The system area's tools (docs/decisions/044-cleanup-logs-maintenance.md). Route table:
 * "/admin ldap, tunnel, logs | admin::manage_system and management licence"; "/admin maintenance,
 * settings | not shown beyond admin area": its health and tools need admin::manage_system
 * (writing for the tools), no licence, so a site without one can still be looked after.
 */
const LOGS = { $all: { permission: "admin::manage_system", licence: "management" } } as const;
const MAINTAIN = { permission: "admin::manage_system" } as const;
const MAINTAIN_WRITE = { writePermission: "admin::manage_system" } as const;

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

const CleanupCountsType = builder.objectRef<CleanupCounts>("CleanupCounts").implement({
  description: "What a cleanup deletes (dry run) or deleted.",
  fields: (t) => ({
    calls: t.exposeInt("calls", { description: "Closed calls of the call log (open calls are never deleted)." }),
    audit_logs: t.exposeInt("audit_logs"),
    exports: t.exposeInt("exports", { description: "Export jobs with their files (running ones stay)." }),
  }),
});

const CleanupScopeInput = builder.inputType("CleanupScopeInput", {
  fields: (t) => ({
    before: t.float({ required: true, description: "Records older than this instant (ms since the epoch) go." }),
    calls: t.boolean({ required: true }),
    audit: t.boolean({ required: true }),
    exports: t.boolean({ required: true }),
  }),
});

const CleanupInput = builder.inputType("CleanupInput", {
  fields: (t) => ({
    before: t.float({ required: true }),
    calls: t.boolean({ required: true }),
    audit: t.boolean({ required: true }),
    exports: t.boolean({ required: true }),
    confirmation: t.string({ required: true, description: "The confirmation phrase of the request's language (Accept-Language), typed exactly." }),
  }),
});

builder.queryField("cleanupPreview", (t) =>
  t.field({
    type: CleanupCountsType,
    description: "The dry run: what cleanup would delete now. Site-wide: only for who sees every system.",
    args: { data: t.arg({ type: CleanupScopeInput, required: true }) },
    authScopes: MAINTAIN_WRITE,
    resolve: (_root, args, ctx) => cleanupPreview(ctx, args.data),
  }),
);

builder.mutationField("cleanup", (t) =>
  t.field({
    type: CleanupCountsType,
    description:
      "Deletes the chosen records older than `before`; a mistyped phrase is VALIDATION on confirmation and deletes nothing. Audited `cleanup` with the counts.",
    args: { data: t.arg({ type: CleanupInput, required: true }) },
    authScopes: MAINTAIN_WRITE,
    resolve: (_root, args, ctx) => runCleanup(ctx, args.data),
  }),
);

const LogFileType = builder.objectRef<LogFileView>("LogFile").implement({
  fields: (t) => ({
    name: t.exposeString("name"),
    size: t.exposeFloat("size", { description: "Bytes." }),
    modified_at: t.string({ resolve: (f) => iso(f.modified_at) ?? "" }),
  }),
});

const LogLineType = builder.objectRef<LogLine>("LogLine").implement({
  fields: (t) => ({
    n: t.exposeInt("n", { description: "The line's number in the file." }),
    time: t.string({ nullable: true, resolve: (l) => iso(l.time) }),
    level: t.exposeString("level", { nullable: true, description: "trace, debug, info, warn, error or fatal" }),
    msg: t.exposeString("msg"),
    context: t.exposeString("context", {
      nullable: true,
      description: "The request (method, URL), the answer (status, time) or the error's message, when the line has them.",
    }),
    raw: t.exposeString("raw", { description: "The whole JSON line (secrets are redacted when written)." }),
  }),
});

const LogReadType = builder.objectRef<LogRead>("LogFileLines").implement({
  fields: (t) => ({
    lines: t.field({ type: [LogLineType], resolve: (r) => r.lines }),
    last: t.exposeInt("last", { description: "The file's last line number: pass it as `after` to follow." }),
    truncated: t.exposeBoolean("truncated", { description: "More lines matched than `limit`: the oldest are left out." }),
  }),
});

builder.queryField("logFiles", (t) =>
  t.field({
    type: [LogFileType],
    description: "The server's log files in DATA_DIR/logs, newest first.",
    authScopes: LOGS,
    resolve: (_root, _args, ctx) => logFiles(ctx),
  }),
);

builder.queryField("logFileLines", (t) =>
  t.field({
    type: LogReadType,
    description: "The matching lines of one log file (the last `limit`), oldest first. A name that is not a log file's is NOT_FOUND.",
    args: {
      name: t.arg.string({ required: true }),
      level: t.arg.string({ description: `The lowest level shown: ${Object.keys(LOG_LEVELS).join(", ")}; none: all.` }),
      text: t.arg.string(),
      after: t.arg.int({ description: "Only lines after this number (follow)." }),
      limit: t.arg.int({ description: "1 to 2000, default 500." }),
    },
    authScopes: LOGS,
    resolve: (_root, args, ctx) =>
      logFileLines(ctx, {
        name: args.name,
        level: (args.level ?? null) as LogLevelName | null,
        text: args.text ?? "",
        after: args.after ?? 0,
        limit: args.limit ?? 500,
      }),
  }),
);

const LinkHealthType = builder.objectRef<LinkHealth>("LinkHealth").implement({
  fields: (t) => ({
    system_id: t.exposeInt("system_id"),
    name: t.exposeString("name"),
    connected: t.exposeBoolean("connected"),
    last_event_at: t.exposeString("last_event_at", { nullable: true }),
    last_error: t.exposeString("last_error", { nullable: true }),
  }),
});

const MaintenanceStatusType = builder.objectRef<MaintenanceStatus>("MaintenanceStatus").implement({
  description: "The server's health.",
  fields: (t) => ({
    database_ok: t.exposeBoolean("database_ok"),
    database_latency_ms: t.exposeFloat("database_latency_ms", { nullable: true }),
    links: t.field({ type: [LinkHealthType], resolve: (s) => s.links }),
    disk_free_bytes: t.exposeFloat("disk_free_bytes", { nullable: true, description: "Free space in DATA_DIR." }),
    disk_total_bytes: t.exposeFloat("disk_total_bytes", { nullable: true }),
    backup_count: t.int({ resolve: (s) => s.backups.count }),
    last_backup_at: t.string({ nullable: true, resolve: (s) => iso(s.backups.latest_at) }),
    last_publish_at: t.string({ nullable: true, resolve: (s) => iso(s.last_publish_at) }),
    last_publish_system_id: t.exposeInt("last_publish_system_id", { nullable: true }),
  }),
});

builder.queryField("maintenanceStatus", (t) =>
  t.field({ type: MaintenanceStatusType, authScopes: MAINTAIN, resolve: (_root, _args, ctx) => maintenanceStatus(ctx) }),
);

builder.mutationField("restartCallSystemLink", (t) =>
  t.field({
    type: "Boolean",
    description: "Drops the link of the request's system and connects anew. Audited.",
    authScopes: MAINTAIN_WRITE,
    resolve: (_root, _args, ctx) => restartCallSystemLink(ctx),
  }),
);

builder.mutationField("reimportConfiguration", (t) =>
  t.field({
    type: "Int",
    description: "Imports the request's system's configuration from the call system again (audited gets_imported): the number of changed records.",
    authScopes: MAINTAIN_WRITE,
    resolve: (_root, _args, ctx) => reimportConfiguration(ctx),
  }),
);
