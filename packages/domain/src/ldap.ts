import { z } from "zod";
import { SAFE_NO_NUL, SAFE_SINGLE_LINE } from "./rules/input-safety.ts";
import { VALIDATION_KEYS, requiredOr } from "./validation-messages.ts";

/**
 * LDAP sign-in settings (spec data §3.8 "LDAP: enabled, dsn, base_dn, admin_user, admin_password,
 * user_filter, roles_attribute, mapping"; docs/decisions/040-ldap-sign-in.md). The admin password
 * is write-only: an empty one keeps the stored password.
 */

/**
 * Messages of the LDAP rules beyond the shared validation keys (i18n keys of the admin catalogue,
 * which is loaded with the admin area: the /login bundle stays as it is).
 */
export const LDAP_VALIDATION = {
  /** StartTLS asked for on an ldaps:// address (already TLS). */
  starttls_with_ldaps: "validation.ldap_starttls_with_ldaps",
  /** A local password for a directory (LDAP) user, who signs in with the directory's. */
  no_local_password: "validation.ldap_no_local_password",
} as const;

/** The placeholder of `user_filter` that takes the (escaped) username. */
export const LDAP_USERNAME_PLACEHOLDER = "{username}";
/** The most group → role lines a mapping holds. */
export const LDAP_MAPPING_MAX = 200;

const line = (max: number) =>
  z
    .string({ error: VALIDATION_KEYS.invalid })
    .trim()
    .max(max, { error: VALIDATION_KEYS.max_length })
    .refine((v) => SAFE_SINGLE_LINE.test(v), { error: VALIDATION_KEYS.invalid });

/** Whether a string is an ldap:// or ldaps:// URL with a host (and optional port). */
export function isLdapUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === "ldap:" || url.protocol === "ldaps:") && url.hostname !== "" && (url.pathname === "" || url.pathname === "/");
}

/** Whether the parentheses of a search filter are balanced and it is one filter "(...)". */
export function isLdapFilter(value: string): boolean {
  if (!value.startsWith("(") || !value.endsWith(")")) return false;
  let depth = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (c === "\\") {
      i += 2;
      continue;
    }
    if (c === "(") depth++;
    else if (c === ")") {
      depth--;
      if (depth === 0 && i !== value.length - 1) return false;
    }
    if (depth < 0) return false;
  }
  return depth === 0;
}

const mappingLine = z
  .object({
    group_dn: line(1000).pipe(z.string().min(1, { error: VALIDATION_KEYS.required })),
    role_id: z.number({ error: requiredOr(VALIDATION_KEYS.one_option_required) }).int({ error: VALIDATION_KEYS.invalid }),
  })
  .strict();

export const ldapSettingsSchema = z
  .object({
    enabled: z.boolean({ error: VALIDATION_KEYS.invalid }),
    dsn: line(500).refine((v) => v === "" || isLdapUrl(v), { error: VALIDATION_KEYS.format, params: { format: "ldap(s)://host:port" } }),
    starttls: z.boolean({ error: VALIDATION_KEYS.invalid }),
    base_dn: line(1000),
    admin_user: line(1000),
    /** Empty keeps the stored password. */
    admin_password: z
      .string({ error: VALIDATION_KEYS.invalid })
      .max(1024, { error: VALIDATION_KEYS.max_length })
      .refine((v) => SAFE_NO_NUL.test(v), { error: VALIDATION_KEYS.invalid }),
    user_filter: line(1000).refine((v) => v === "" || (isLdapFilter(v) && v.includes(LDAP_USERNAME_PLACEHOLDER)), {
      error: VALIDATION_KEYS.format,
      params: { format: "(uid={username})" },
    }),
    roles_attribute: line(200).refine((v) => v === "" || /^[A-Za-z][A-Za-z0-9-]*$/.test(v), { error: VALIDATION_KEYS.format, params: { format: "memberOf" } }),
    mapping: z.array(mappingLine).max(LDAP_MAPPING_MAX, { error: VALIDATION_KEYS.invalid }),
  })
  .strict()
  .superRefine((s, issue) => {
    const required = (field: "dsn" | "base_dn" | "user_filter" | "roles_attribute"): boolean => {
      if (s[field] !== "") return true;
      issue.addIssue({ code: "custom", path: [field], message: VALIDATION_KEYS.required, params: { field } });
      return false;
    };
    // Off, the settings may stay half filled; on, everything sign-in needs is there.
    if (s.starttls && s.dsn.startsWith("ldaps:")) {
      issue.addIssue({ code: "custom", path: ["starttls"], message: LDAP_VALIDATION.starttls_with_ldaps });
    }
    const seen = new Set<string>();
    s.mapping.forEach((m, index) => {
      const key = normalizeDn(m.group_dn);
      if (seen.has(key)) issue.addIssue({ code: "custom", path: ["mapping", index, "group_dn"], message: VALIDATION_KEYS.duplicate });
      seen.add(key);
    });
    if (s.enabled) {
      required("dsn");
      required("base_dn");
      required("user_filter");
      required("roles_attribute");
    }
  });
export type LdapSettingsInput = z.infer<typeof ldapSettingsSchema>;

/**
 * RFC 4515 §3: in an assertion value the characters `*`, `(`, `)`, `\` and NUL are written as
 * `\` and two hex digits; so is every non-ASCII byte (UTF-8), which the RFC allows, so that no
 * username can change the filter's structure.
 */
export function escapeLdapFilterValue(value: string): string {
  let out = "";
  for (const byte of new TextEncoder().encode(value)) {
    const c = String.fromCharCode(byte);
    out += byte < 0x20 || byte >= 0x7f || c === "*" || c === "(" || c === ")" || c === "\\" ? `\\${byte.toString(16).padStart(2, "0")}` : c;
  }
  return out;
}

/** The search filter for a username: every {username} replaced by the escaped name. */
export function ldapUserFilter(template: string, username: string): string {
  return template.split(LDAP_USERNAME_PLACEHOLDER).join(escapeLdapFilterValue(username));
}

/**
 * A DN for comparison: RDNs split at unescaped commas, spaces around them and around "=" dropped,
 * lower-cased (attribute types and the usual case-ignoring values of group DNs).
 */
export function normalizeDn(dn: string): string {
  const parts: string[] = [];
  let current = "";
  for (let i = 0; i < dn.length; i++) {
    const c = dn[i];
    if (c === "\\" && i + 1 < dn.length) {
      current += c + dn[i + 1];
      i++;
    } else if (c === "," || c === ";") {
      parts.push(current);
      current = "";
    } else current += c;
  }
  parts.push(current);
  return parts
    .map((rdn) =>
      rdn
        .split("+")
        .map((ava) => {
          const eq = ava.indexOf("=");
          return eq < 0 ? ava.trim() : `${ava.slice(0, eq).trim()}=${ava.slice(eq + 1).trim()}`;
        })
        .join("+"),
    )
    .join(",")
    .toLowerCase();
}

/**
 * spec §10 "LDAP users get roles by group mapping": the role ids whose mapped group is among the
 * user's groups (each once, in mapping order). Groups compare as DNs (normalizeDn).
 */
export function ldapRolesFor(groups: readonly string[], mapping: readonly { group_dn: string; role_id: number }[]): number[] {
  const held = new Set(groups.map(normalizeDn));
  const roles: number[] = [];
  for (const m of mapping) {
    if (held.has(normalizeDn(m.group_dn)) && !roles.includes(m.role_id)) roles.push(m.role_id);
  }
  return roles;
}

/** The classes of a failed connection test (never the server's own text). */
export const LDAP_TEST_FAILURES = ["not_configured", "unreachable", "tls", "admin_bind", "base_dn", "unknown"] as const;
export type LdapTestFailure = (typeof LDAP_TEST_FAILURES)[number];

/** The five LDAP login errors of the spec's catalogue (§8 "LDAP variants"), the codes of the REST answer. */
export const LDAP_LOGIN_ERRORS = [
  "ldap_unknown_user",
  "ldap_wrong_password",
  "ldap_server_unreachable",
  "ldap_too_many_users",
  "ldap_no_matching_role",
] as const;
export type LdapLoginError = (typeof LDAP_LOGIN_ERRORS)[number];
