import { resolve } from "node:path";
import { z } from "zod";
import { parseTrustProxy } from "./http/trust-proxy.ts";

/** Environment variables of the server, validated once at start-up and documented in README.md. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default("0.0.0.0"),
  NODE_ENV: z.string().default("development"),
  /** Folder for the embedded SQLite database (and later backups, exports). */
  DATA_DIR: z.string().default("./data"),
  /** When set, PostgreSQL is used instead of the embedded SQLite file. */
  DATABASE_URL: z.string().optional(),
  /** When set, pub/sub goes through Redis so several server instances share live messages. */
  REDIS_URL: z.string().optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(60),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().int().positive().default(7),
  /** "auto": Secure cookies when the request came over TLS (directly or via X-Forwarded-Proto). */
  COOKIE_SECURE: z.enum(["auto", "true", "false"]).default("auto"),
  /** Folder of the built web app; served at / with SPA fallback. */
  WEB_DIST: z.string().default(resolve(import.meta.dirname, "../../web/dist")),
  /**
   * Public key (PEM) that verifies licence activation codes; defaults to the bundled development
   * key, which production refuses (modules/licence/licence-key.ts).
   */
  LICENCE_PUBLIC_KEY_FILE: z.string().optional(),
  /**
   * Public key (PEM) that verifies update packages; defaults to the bundled development update key,
   * which production refuses (modules/updates/updates.service.ts). Not the licence key.
   */
  UPDATE_PUBLIC_KEY_FILE: z.string().optional(),
  /** Default port of the call-system controller's protocol (the virtual one listens here). */
  CONTROLLER_PORT: z.coerce.number().int().min(1).max(65535).default(7700),
  /** Demo mode (spec §1): the public /demo screen and /demo/* calls; never on a real site. */
  DEMO_MODE: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  /**
   * Where people reach the web app (e.g. https://care.example.org): links in e-mails start with
   * it. Unset: http://localhost:PORT (docs/decisions/039).
   */
  PUBLIC_URL: z.union([z.literal(""), z.url()]).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * The log also goes to rotated files in DATA_DIR/logs (the /admin/logs screen): a file grows to
   * LOG_FILE_MAX_MB, LOG_FILE_KEEP older ones stay (docs/decisions/044-cleanup-logs-maintenance.md).
   */
  LOG_FILES: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  LOG_FILE_MAX_MB: z.coerce.number().positive().max(1024).default(10),
  LOG_FILE_KEEP: z.coerce.number().int().min(1).max(100).default(5),
  /** Whether the log also goes to standard output (a service manager's journal). */
  LOG_STDOUT: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  /**
   * Bearer token for GET /backend/metrics. Without it, metrics answer only on the machine itself
   * (loopback): they describe the call systems and need not reach the ward's network.
   */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** PEM file of certificate authorities to trust for LDAPS/StartTLS beside the system's (docs/decisions/040-ldap-sign-in.md). */
  LDAP_CA_FILE: z.string().optional(),
  /** scrypt cost exponent (N = 2^x); see docs/decisions/001-password-hashing.md. */
  SCRYPT_LOG_N: z.coerce.number().int().min(10).max(20).default(15),
  /**
   * Which proxies may set X-Forwarded-*: off by default; a hop count or a comma list of
   * addresses/CIDRs (http/trust-proxy.ts). Decides request.ip for throttling and limits.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (parsed.ok) return parsed.value;
      ctx.addIssue({ code: "custom", message: parsed.message });
      return z.NEVER;
    }),
  /**
   * Seconds a publish may stay at "init" without progress before it ends as spec §8's "Sync
   * timeout: configurator did not start in time" (a slow controller may need more).
   */
  PUBLISH_START_TIMEOUT_S: z.coerce.number().positive().max(600).default(60),
  /** Open WebSocket connections per client address (docs/decisions/007-http-hardening.md). */
  WS_CONNECTIONS_PER_IP: z.coerce.number().int().min(1).default(50),
});

export type Config = z.infer<typeof envSchema> & { production: boolean };

/** Reads the configuration from an environment (process.env by default). */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return { ...parsed.data, production: parsed.data.NODE_ENV === "production" };
}
