import { TUNNEL_MAX_HOURS, TUNNEL_MIN_HOURS } from "@caresuite/domain";
import { builder } from "../../graphql/builder.ts";
import {
  closeTunnel,
  openTunnel,
  scanTunnelHostKey,
  tunnelSettings,
  tunnelStatus,
  updateTunnelSettings,
  type TunnelSettingsView,
  type TunnelStatusView,
} from "./tunnel.service.ts";

/**
 * Remote access (route table "/admin ldap, tunnel, logs | admin::manage_system and management
 * licence"; docs/decisions/042-remote-access-tunnel.md). The private key and the password never
 * leave the server (has_private_key, has_password).
 */
const READ = { $all: { permission: "admin::manage_system", licence: "management" } } as const;
const WRITE = { $all: { writePermission: "admin::manage_system", licence: "management" } } as const;

const TunnelSettingsType = builder.objectRef<TunnelSettingsView>("TunnelSettings").implement({
  description: "The support host the remote-access tunnel connects to. Secrets are write-only: has_private_key and has_password tell whether one is stored.",
  fields: (t) => ({
    host: t.exposeString("host"),
    port: t.exposeInt("port", { description: "The support host's SSH port." }),
    username: t.exposeString("username"),
    auth_method: t.exposeString("auth_method", { description: "key or password" }),
    has_private_key: t.exposeBoolean("has_private_key"),
    has_password: t.exposeBoolean("has_password"),
    host_key_fingerprint: t.exposeString("host_key_fingerprint", {
      description: "The pinned host key, SHA256:… as OpenSSH prints it; another key is refused.",
    }),
    remote_port: t.exposeInt("remote_port", { description: "The port on the support host's loopback that reaches this server's web interface." }),
  }),
});

const TunnelStatusType = builder.objectRef<TunnelStatusView>("TunnelStatus").implement({
  description: "The tunnel's state: off, connecting, open (until open_until) or error (failure).",
  fields: (t) => ({
    status: t.exposeString("status", { description: "off, connecting, open or error" }),
    open_until: t.exposeString("open_until", { nullable: true, description: "When it closes by itself (ISO 8601)." }),
    failure: t.exposeString("failure", {
      nullable: true,
      description: "not_configured, host_key_not_pinned, host_key_changed, unreachable, auth_failed, forward_refused, connection_lost, timeout or unknown",
    }),
    opened_by: t.exposeString("opened_by", { nullable: true, description: "The username of who opened it (null when it resumed after a restart)." }),
    opened_at: t.exposeString("opened_at", { nullable: true }),
  }),
});

const TunnelSettingsInput = builder.inputType("TunnelSettingsInput", {
  fields: (t) => ({
    host: t.string(),
    port: t.int(),
    username: t.string(),
    auth_method: t.string({ description: "key or password" }),
    private_key: t.string({ description: "OpenSSH or PEM private key; empty keeps the stored one (to be given again when host, port or user change)." }),
    password: t.string({
      description:
        "The password (method password), or the private key's passphrase when it has one (method key; never sent to the host). Empty keeps the stored one; when host, port or user change it is given again, or dropped when the method does not use it.",
    }),
    host_key_fingerprint: t.string(),
    remote_port: t.int(),
  }),
});

const TunnelHostKeyInput = builder.inputType("TunnelHostKeyInput", {
  fields: (t) => ({
    host: t.string(),
    port: t.int(),
  }),
});

const TunnelHostKey = builder.objectRef<{ fingerprint: string | null; failure: string | null }>("TunnelHostKey").implement({
  fields: (t) => ({
    fingerprint: t.exposeString("fingerprint", { nullable: true }),
    failure: t.exposeString("failure", { nullable: true, description: "unreachable, timeout or unknown" }),
  }),
});

builder.queryField("tunnelSettings", (t) => t.field({ type: TunnelSettingsType, authScopes: READ, resolve: (_root, _args, ctx) => tunnelSettings(ctx) }));
builder.queryField("tunnelStatus", (t) => t.field({ type: TunnelStatusType, authScopes: READ, resolve: (_root, _args, ctx) => tunnelStatus(ctx) }));

builder.mutationField("updateTunnelSettings", (t) =>
  t.field({
    type: TunnelSettingsType,
    args: { data: t.arg({ type: TunnelSettingsInput, required: true }) },
    authScopes: WRITE,
    resolve: (_root, args, ctx) => updateTunnelSettings(ctx, args.data),
  }),
);

builder.mutationField("scanTunnelHostKey", (t) =>
  t.field({
    type: TunnelHostKey,
    description: "Reads the host key the support host presents, for pinning it at the first setup (no secret is sent, nothing is stored).",
    args: { data: t.arg({ type: TunnelHostKeyInput, required: true }) },
    authScopes: WRITE,
    resolve: (_root, args, ctx) => scanTunnelHostKey(ctx, args.data),
  }),
);

builder.mutationField("openTunnel", (t) =>
  t.field({
    type: TunnelStatusType,
    description: `Opens the tunnel for duration_hours (${TUNNEL_MIN_HOURS}–${TUNNEL_MAX_HOURS}), or moves the limit of an open one; answers when it is open or failed.`,
    args: { duration_hours: t.arg.int({ required: true }) },
    authScopes: WRITE,
    resolve: (_root, args, ctx) => openTunnel(ctx, { duration_hours: args.duration_hours }),
  }),
);

builder.mutationField("closeTunnel", (t) =>
  t.field({
    type: TunnelStatusType,
    description: "Closes the tunnel (audited: closed by the user).",
    authScopes: WRITE,
    resolve: (_root, _args, ctx) => closeTunnel(ctx),
  }),
);
