import { z } from "zod";
import { SAFE_NO_NUL, SAFE_SINGLE_LINE } from "./rules/input-safety.ts";
import { VALIDATION_KEYS } from "./validation-messages.ts";

/**
 * Remote access (route table "/admin ldap, tunnel, logs | admin::manage_system and management
 * licence"; spec §3 "system area (... remote access tunnel ...)"; docs/decisions/042-remote-access-tunnel.md):
 * an outbound SSH reverse tunnel to the vendor's support host, off by default, open for a chosen
 * time, the host key pinned by its SHA256 fingerprint. Secrets (private key, password) are
 * write-only: empty keeps the stored one.
 */

/** The time limits an opening may choose, in hours. */
export const TUNNEL_MIN_HOURS = 1;
export const TUNNEL_MAX_HOURS = 24;
export const TUNNEL_DEFAULT_HOURS = 2;

/** OpenSSH's fingerprint form: "SHA256:" and the unpadded base64 of the key's SHA-256 (43 characters). */
export const TUNNEL_FINGERPRINT_FORMAT = /^SHA256:[A-Za-z0-9+/]{43}$/;

export const TUNNEL_AUTH_METHODS = ["key", "password"] as const;
export type TunnelAuthMethod = (typeof TUNNEL_AUTH_METHODS)[number];

/** The tunnel's states: off, connecting, open (until a time), error (with a failure class). */
export const TUNNEL_STATUSES = ["off", "connecting", "open", "error"] as const;
export type TunnelStatus = (typeof TUNNEL_STATUSES)[number];

/**
 * Why a tunnel could not open or was lost: failure classes, never what the host answered
 * (ARCHITECTURE «Security rules»). `host_key_changed` is the pinned-key refusal.
 */
export const TUNNEL_FAILURES = [
  "not_configured",
  "host_key_not_pinned",
  "host_key_changed",
  "unreachable",
  "auth_failed",
  "forward_refused",
  "connection_lost",
  "timeout",
  "unknown",
] as const;
export type TunnelFailure = (typeof TUNNEL_FAILURES)[number];

/** Why a tunnel closed (audited): the user, its time limit, an error, or a server stop. */
export const TUNNEL_CLOSE_REASONS = ["user", "expired", "error", "shutdown"] as const;
export type TunnelCloseReason = (typeof TUNNEL_CLOSE_REASONS)[number];

/** Messages of the tunnel rules beyond the shared validation keys (admin catalogue keys). */
export const TUNNEL_VALIDATION = {
  /** A fingerprint not in OpenSSH's "SHA256:…" form. */
  fingerprint: "validation.tunnel_fingerprint",
  /** A private key that is not a PEM / OpenSSH private key block. */
  private_key: "validation.tunnel_private_key",
} as const;

const line = (max: number) =>
  z
    .string({ error: VALIDATION_KEYS.invalid })
    .trim()
    .max(max, { error: VALIDATION_KEYS.max_length })
    .refine((v) => SAFE_SINGLE_LINE.test(v), { error: VALIDATION_KEYS.invalid });

const secret = (max: number) =>
  z
    .string({ error: VALIDATION_KEYS.invalid })
    .max(max, { error: VALIDATION_KEYS.max_length })
    .refine((v) => SAFE_NO_NUL.test(v), { error: VALIDATION_KEYS.invalid });

/** A host name or an IP address (v4, or v6 without brackets). */
export function isTunnelHost(value: string): boolean {
  if (/^[0-9a-fA-F:]+$/.test(value) && value.includes(":")) return true;
  return /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/.test(value);
}

/** Whether a text looks like one private key block (PEM or OpenSSH format). */
export function isPrivateKeyText(value: string): boolean {
  return /^-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----\r?\n[\s\S]+\r?\n-----END [A-Z0-9 ]*PRIVATE KEY-----\s*$/.test(value.trim() + "\n");
}

const port = (field: string) =>
  z
    .number({ error: VALIDATION_KEYS.invalid })
    .int({ error: VALIDATION_KEYS.invalid })
    .refine((v) => v >= 1 && v <= 65_535, { error: VALIDATION_KEYS.between, params: { min: 1, max: 65_535, field } });

export const tunnelSettingsSchema = z
  .object({
    host: line(253).refine((v) => v === "" || isTunnelHost(v), { error: VALIDATION_KEYS.format, params: { format: "support.example.com" } }),
    port: port("port"),
    username: line(100).refine((v) => v === "" || /^[A-Za-z0-9._][A-Za-z0-9._-]*$/.test(v), { error: VALIDATION_KEYS.format, params: { format: "support" } }),
    auth_method: z.enum(TUNNEL_AUTH_METHODS, { error: VALIDATION_KEYS.invalid }),
    /** Empty keeps the stored key. */
    private_key: secret(16_384).refine((v) => v === "" || isPrivateKeyText(v), { error: TUNNEL_VALIDATION.private_key }),
    /** Empty keeps the stored password. */
    password: secret(1024),
    host_key_fingerprint: line(60).refine((v) => v === "" || TUNNEL_FINGERPRINT_FORMAT.test(v), { error: TUNNEL_VALIDATION.fingerprint }),
    /** The port the support host listens on (its loopback) and forwards to this server. */
    remote_port: port("remote_port"),
  })
  .strict();
export type TunnelSettingsInput = z.infer<typeof tunnelSettingsSchema>;

export const tunnelOpenSchema = z
  .object({
    duration_hours: z
      .number({ error: VALIDATION_KEYS.invalid })
      .int({ error: VALIDATION_KEYS.invalid })
      .refine((v) => v >= TUNNEL_MIN_HOURS && v <= TUNNEL_MAX_HOURS, {
        error: VALIDATION_KEYS.between,
        params: { min: TUNNEL_MIN_HOURS, max: TUNNEL_MAX_HOURS },
      }),
  })
  .strict();
export type TunnelOpenInput = z.infer<typeof tunnelOpenSchema>;

/** What opening needs besides a fingerprint: host, user, a port forward and the chosen method's secret. */
export function tunnelMissing(s: {
  host: string;
  username: string;
  auth_method: TunnelAuthMethod;
  has_private_key: boolean;
  has_password: boolean;
  host_key_fingerprint: string;
}): TunnelFailure | null {
  if (s.host === "" || s.username === "") return "not_configured";
  if (s.auth_method === "key" ? !s.has_private_key : !s.has_password) return "not_configured";
  if (s.host_key_fingerprint === "") return "host_key_not_pinned";
  return null;
}

/**
 * Whether a tunnel that was open before a restart comes back (docs/decisions/042): only while its
 * time limit has not passed; otherwise it stays closed and is recorded as expired.
 */
export function tunnelResumes(openUntil: number | null, now: number): boolean {
  return openUntil !== null && openUntil > now;
}

/** The address whose host key is read for pinning (the settings form's host and port). */
export const tunnelHostKeyScanSchema = z
  .object({ host: line(253), port: port("port") })
  .strict()
  .superRefine((s, issue) => {
    if (s.host === "") issue.addIssue({ code: "custom", path: ["host"], message: VALIDATION_KEYS.required, params: { field: "host" } });
    else if (!isTunnelHost(s.host))
      issue.addIssue({ code: "custom", path: ["host"], message: VALIDATION_KEYS.format, params: { format: "support.example.com" } });
  });
