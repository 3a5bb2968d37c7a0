import { builder } from "../../graphql/builder.ts";
import {
  backupJobs,
  backupList,
  backupSettings,
  restoreBackup,
  startBackup,
  updateBackupSettings,
  type BackupJobView,
  type BackupSettingsView,
  type BackupView,
  type RestoreResult,
} from "./backups.service.ts";
import { backupsRoot } from "./backup-store.ts";

/**
 * Backups and restore (route table "/admin backups | admin::manage_backups and management
 * licence"; docs/decisions/041-backups.md). Failures answer CONFLICT with `extensions.reason`
 * (BACKUP_FAILURES), which the web translates.
 */
const READ = { $all: { permission: "admin::manage_backups", licence: "management" } } as const;
const WRITE = { $all: { writePermission: "admin::manage_backups", licence: "management" } } as const;

const BackupSettingsType = builder.objectRef<BackupSettingsView>("BackupSettings").implement({
  description: "The nightly backup: on/off, the time (HH:mm, the site's zone) and how many good backups stay.",
  fields: (t) => ({
    enabled: t.exposeBoolean("enabled"),
    time: t.exposeString("time"),
    retention: t.exposeInt("retention"),
  }),
});

const BackupJobType = builder.objectRef<BackupJobView>("BackupJob").implement({
  description: "A backup or restore: running (with progress 0–100), done, failed (error: a BACKUP_FAILURES reason) or interrupted.",
  fields: (t) => ({
    id: t.exposeInt("id"),
    kind: t.exposeString("kind", { description: "backup | restore" }),
    trigger: t.exposeString("trigger", { description: "scheduled | manual" }),
    status: t.exposeString("status", { description: "running | done | failed | interrupted" }),
    folder: t.exposeString("folder", { nullable: true }),
    progress: t.exposeInt("progress"),
    error: t.exposeString("error", { nullable: true }),
    size: t.exposeFloat("size", { nullable: true }),
    started_at: t.exposeString("started_at"),
    finished_at: t.exposeString("finished_at", { nullable: true }),
  }),
});

const BackupType = builder.objectRef<BackupView>("Backup").implement({
  description: "A good backup: a folder with a valid manifest.",
  fields: (t) => ({
    name: t.exposeString("name"),
    created_at: t.exposeString("created_at"),
    trigger: t.exposeString("trigger"),
    dialect: t.exposeString("dialect"),
    migration: t.exposeString("migration"),
    product_version: t.exposeString("product_version"),
    size: t.exposeFloat("size"),
    files: t.exposeInt("files"),
  }),
});

const BackupOverviewType = builder.objectRef<Record<string, never>>("BackupOverview").implement({
  description: "Everything /admin/backups shows; polled while a job runs.",
  fields: (t) => ({
    settings: t.field({ type: BackupSettingsType, resolve: (_o, _a, ctx) => backupSettings(ctx) }),
    backups: t.field({ type: [BackupType], resolve: (_o, _a, ctx) => backupList(ctx) }),
    jobs: t.field({ type: [BackupJobType], description: "The last 10 jobs, newest first.", resolve: (_o, _a, ctx) => backupJobs(ctx) }),
    destination: t.string({ description: "The folder backups are written to.", resolve: (_o, _a, ctx) => backupsRoot(ctx.config.DATA_DIR) }),
  }),
});

const BackupSettingsInput = builder.inputType("BackupSettingsInput", {
  fields: (t) => ({
    enabled: t.boolean({ required: true }),
    time: t.string({ required: true }),
    retention: t.int({ required: true }),
  }),
});

const RestoreResultType = builder.objectRef<RestoreResult>("BackupRestoreResult").implement({
  fields: (t) => ({
    name: t.exposeString("name"),
    restored_at: t.exposeString("restored_at"),
  }),
});

builder.queryField("backupOverview", (t) => t.field({ type: BackupOverviewType, authScopes: READ, resolve: () => ({}) }));

builder.mutationField("updateBackupSettings", (t) =>
  t.field({
    type: BackupSettingsType,
    args: { data: t.arg({ type: BackupSettingsInput, required: true }) },
    authScopes: WRITE,
    resolve: (_root, args, ctx) => updateBackupSettings(ctx, args.data),
  }),
);

builder.mutationField("startBackup", (t) =>
  t.field({
    type: BackupJobType,
    description: "Starts a backup now; answers the running job (poll backupOverview for its progress). CONFLICT busy while another job runs.",
    authScopes: WRITE,
    resolve: (_root, _args, ctx) => startBackup(ctx),
  }),
);

builder.mutationField("restoreBackup", (t) =>
  t.field({
    type: RestoreResultType,
    description: "Verifies the backup, then replaces the database and files with it. A corrupt backup is refused before anything is touched.",
    args: { name: t.arg.string({ required: true }) },
    authScopes: WRITE,
    resolve: (_root, args, ctx) => restoreBackup(ctx, args.name),
  }),
);
