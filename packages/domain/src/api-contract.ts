/**
 * The names server and clients (web, e2e, bench, scripts) share on the wire, written once here.
 *
 * ARCHITECTURE «Contract rules»: "Every request carries `X-CS-System` (two digits, default `01`) and
 * `Accept-Language`; every response carries `X-CS-Version: 5.441`." HTTP header names are
 * case-insensitive (Node hands them to the server in lower case).
 */
export const SYSTEM_HEADER = "X-CS-System";
/** The response header carrying the server version (spec: "Response header X-CS-Version is read"). */
export const VERSION_HEADER = "X-CS-Version";
/** Sent as "1" on every POST: a cross-site form cannot set it, so the server's CSRF check asks for it. */
export const REQUEST_HEADER = "X-CS-Request";

/** The headers of a JSON POST to the API without a session (tests, benchmarks, scripts). */
export const JSON_POST_HEADERS: Readonly<Record<string, string>> = Object.freeze({ "content-type": "application/json", [REQUEST_HEADER]: "1" });

/**
 * ARCHITECTURE «Contract rules»: "Errors: `extensions.code` is `MISSING_AUTH`, `MISSING_PERMISSION`, `VALIDATION`
 * (with per-field `{field: [{message, data}]}`), `NOT_FOUND`, `CONFLICT`, `INTERNAL`."
 */
export const ERROR_CODES = ["MISSING_AUTH", "MISSING_PERMISSION", "VALIDATION", "NOT_FOUND", "CONFLICT", "INTERNAL"] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && (ERROR_CODES as readonly string[]).includes(value);
}

/**
 * The reasons (`extensions.reason`) of configuration sync errors, each with its i18n key under
 * `configSyncErrors` (spec §8 "Configuration", "Sync timeout"; docs/decisions/028): a second
 * publish of a system (`publish_running`, CONFLICT), a configuration change while a publish runs
 * (`config_committing`, CONFLICT), a configuration the controller would refuse (`config_invalid`,
 * VALIDATION, with the controller's error as the `config` field's message), the controller
 * refusing the publish (`publish_refused`).
 */
export const CONFIG_SYNC_REASONS = ["publish_running", "config_committing", "config_invalid", "publish_refused"] as const;
export type ConfigSyncReason = (typeof CONFIG_SYNC_REASONS)[number];

// CONFIG_SYNC_ERROR_KEYS (publish error text → i18n key) lives in config-sync-error-keys.ts: a
// re-export from here would put the table into every bundle that imports this contract (the web's
// sign-in page) instead of the lazily loaded sync popups that use it.
