import { builder } from "../../graphql/builder.ts";
import {
  onlineBackupSettings,
  onlineBackupStatus,
  updateOnlineBackupSettings,
  type OnlineBackupSettingsView,
  type OnlineBackupStatusView,
} from "./online-backup.service.ts";
import { scanOnlineBackupHostKey } from "./online-backup-scan.ts";

/**
 * Online backup over SFTP (route table "/admin backups | admin::manage_backups and management
 * licence"; docs/decisions/045-online-backup.md). The token never leaves the server (has_token);
 * the settings mutation answers CONFLICT reason localhost_only unless called from this machine.
 */
const READ = { $all: { permission: "admin::manage_backups", licence: "management" } } as const;
const WRITE = { $all: { writePermission: "admin::manage_backups", licence: "management" } } as const;

const OnlineBackupSettingsType = builder.objectRef<OnlineBackupSettingsView>("OnlineBackupSettings").implement({
  description: "Where good backups are copied: sftp://user@host:port/folder, the pinned host key; the token is write-only (has_token).",
  fields: (t) => ({
    enabled: t.exposeBoolean("enabled"),
    path: t.exposeString("path", { description: "sftp://user@host[:port]/folder (//folder: absolute)" }),
    host_key_fingerprint: t.exposeString("host_key_fingerprint", { description: "The pinned host key, SHA256:… as OpenSSH prints it." }),
    has_token: t.exposeBoolean("has_token", { description: "Whether a private key or password is stored." }),
  }),
});

const OnlineBackupStatusType = builder.objectRef<OnlineBackupStatusView>("OnlineBackupStatus").implement({
  description: "unconfigured, enabled, disabled, in_progress or error, with the last upload's result.",
  fields: (t) => ({
    state: t.exposeString("state", { description: "unconfigured, enabled, disabled, in_progress or error" }),
    error: t.exposeString("error", {
      nullable: true,
      description: "login_failure, login_url_missing, host_key_changed, unreachable, timeout, remote_unwritable or unknown",
    }),
    last_ok: t.exposeBoolean("last_ok", { nullable: true }),
    last_name: t.exposeString("last_name", { nullable: true, description: "The backup folder last uploaded (or tried)." }),
    last_at: t.exposeString("last_at", { nullable: true }),
  }),
});

const OnlineBackupSettingsInput = builder.inputType("OnlineBackupSettingsInput", {
  fields: (t) => ({
    enabled: t.boolean(),
    path: t.string(),
    host_key_fingerprint: t.string(),
    token: t.string({ description: "A private key or a password; empty keeps the stored one (to be given again when user, host or port change)." }),
  }),
});

builder.queryField("onlineBackupSettings", (t) =>
  t.field({ type: OnlineBackupSettingsType, authScopes: READ, resolve: (_root, _args, ctx) => onlineBackupSettings(ctx) }),
);
builder.queryField("onlineBackupStatus", (t) =>
  t.field({ type: OnlineBackupStatusType, authScopes: READ, resolve: (_root, _args, ctx) => onlineBackupStatus(ctx) }),
);

builder.mutationField("updateOnlineBackupSettings", (t) =>
  t.field({
    type: OnlineBackupSettingsType,
    description: "Saves the online backup settings; only from this machine itself (127.0.0.1 or ::1).",
    args: { data: t.arg({ type: OnlineBackupSettingsInput, required: true }) },
    authScopes: WRITE,
    resolve: (_root, args, ctx) => updateOnlineBackupSettings(ctx, args.data),
  }),
);

const OnlineBackupHostKeyInput = builder.inputType("OnlineBackupHostKeyInput", {
  fields: (t) => ({
    path: t.string({ description: "The form's sftp://user@host[:port]/folder: its host and port are asked for their key." }),
  }),
});

const OnlineBackupHostKey = builder.objectRef<{ fingerprint: string | null; failure: string | null }>("OnlineBackupHostKey").implement({
  fields: (t) => ({
    fingerprint: t.exposeString("fingerprint", { nullable: true, description: "SHA256:… as OpenSSH prints it." }),
    failure: t.exposeString("failure", { nullable: true, description: "unreachable, timeout or unknown" }),
  }),
});

builder.mutationField("scanOnlineBackupHostKey", (t) =>
  t.field({
    type: OnlineBackupHostKey,
    description:
      "Reads the host key the SFTP target presents, for pinning it (no secret is sent, nothing is stored; audited); only from this machine itself (127.0.0.1 or ::1).",
    args: { data: t.arg({ type: OnlineBackupHostKeyInput, required: true }) },
    authScopes: WRITE,
    resolve: (_root, args, ctx) => scanOnlineBackupHostKey(ctx, args.data),
  }),
);
