import { readFileSync } from "node:fs";
import { rootCertificates, type ConnectionOptions } from "node:tls";
import { Client, InvalidCredentialsError, NoSuchObjectError, SizeLimitExceededError, type Entry } from "ldapts";
import { ldapRolesFor, ldapUserFilter, type LdapLoginError, type LdapTestFailure } from "@caresuite/domain";

/**
 * The directory side of LDAP sign-in (docs/decisions/040-ldap-sign-in.md), with ldapts. Failures
 * come back as classes (the spec's login errors, the test's failure classes), never the server's
 * own text (ARCHITECTURE «Security rules»).
 */
export interface LdapConnection {
  dsn: string;
  starttls: boolean;
  base_dn: string;
  admin_user: string;
  admin_password: string;
  user_filter: string;
  roles_attribute: string;
  mapping: readonly { group_dn: string; role_id: number }[];
}

export interface LdapOptions {
  /** A PEM file of further certificate authorities to trust (LDAP_CA_FILE), beside the system's. */
  caFile?: string | undefined;
  connectTimeoutMs?: number;
  timeoutMs?: number;
}

export type LdapAuthResult =
  { ok: true; dn: string; name: string; emails: string[]; groups: string[]; roles: number[] } | { ok: false; code: LdapLoginError | "ldap_configuration" };

const TLS_CODES = /CERT|SELF_SIGNED|TLS|SSL|UNABLE_TO|ALTNAME|HOSTNAME|EPROTO/i;

function tlsOptions(options: LdapOptions): ConnectionOptions {
  const extra = options.caFile ? [readFileSync(options.caFile, "utf8")] : [];
  return { ca: [...rootCertificates, ...extra], minVersion: "TLSv1.2" };
}

function isTlsError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : "";
  return (typeof code === "string" && TLS_CODES.test(code)) || /certificate|TLS|SSL|handshake/i.test(message);
}

async function connect(settings: LdapConnection, options: LdapOptions): Promise<Client> {
  const tls = tlsOptions(options);
  const client = new Client({
    url: settings.dsn,
    connectTimeout: options.connectTimeoutMs ?? 5_000,
    timeout: options.timeoutMs ?? 10_000,
    // ldapts speaks TLS from the start whenever tlsOptions are given: only for ldaps://.
    ...(settings.dsn.startsWith("ldaps:") ? { tlsOptions: tls } : {}),
    strictDN: false,
  });
  if (settings.starttls) await client.startTLS(tls);
  return client;
}

async function unbind(client: Client): Promise<void> {
  try {
    await client.unbind();
  } catch {
    // Already closed: nothing to end.
  }
}

/** Binds as the configured admin (an empty admin user: an anonymous search). */
async function adminBind(client: Client, settings: LdapConnection): Promise<void> {
  if (settings.admin_user !== "") await client.bind(settings.admin_user, settings.admin_password);
}

function values(entry: Entry, attribute: string): string[] {
  const key = Object.keys(entry).find((k) => k.toLowerCase() === attribute.toLowerCase());
  const raw = key ? entry[key] : undefined;
  const list = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  return list.map((v) => (Buffer.isBuffer(v) ? v.toString("utf8") : String(v)));
}

/**
 * Sign-in against the directory: admin bind, search the one entry of the user filter, bind as it
 * with the password, map its groups (roles attribute) to role ids.
 */
export async function ldapAuthenticate(settings: LdapConnection, username: string, password: string, options: LdapOptions = {}): Promise<LdapAuthResult> {
  let client: Client;
  try {
    client = await connect(settings, options);
  } catch {
    return { ok: false, code: "ldap_server_unreachable" };
  }
  try {
    try {
      await adminBind(client, settings);
    } catch (error) {
      // The directory answered, but refuses the configured admin: a configuration fault.
      return { ok: false, code: error instanceof InvalidCredentialsError ? "ldap_configuration" : "ldap_server_unreachable" };
    }
    let entries: Entry[];
    try {
      const result = await client.search(settings.base_dn, {
        scope: "sub",
        filter: ldapUserFilter(settings.user_filter, username),
        attributes: [settings.roles_attribute, "cn", "displayName", "mail"],
        sizeLimit: 2,
      });
      entries = result.searchEntries;
    } catch (error) {
      if (error instanceof SizeLimitExceededError) return { ok: false, code: "ldap_too_many_users" };
      if (error instanceof NoSuchObjectError) return { ok: false, code: "ldap_configuration" };
      return { ok: false, code: "ldap_server_unreachable" };
    }
    if (entries.length === 0) return { ok: false, code: "ldap_unknown_user" };
    if (entries.length > 1) return { ok: false, code: "ldap_too_many_users" };
    const entry = entries[0] as Entry;
    // An empty password would be an unauthenticated bind, which succeeds (RFC 4513 §5.1.2).
    if (password === "") return { ok: false, code: "ldap_wrong_password" };
    try {
      await client.bind(entry.dn, password);
    } catch (error) {
      return { ok: false, code: error instanceof InvalidCredentialsError ? "ldap_wrong_password" : "ldap_server_unreachable" };
    }
    const groups = values(entry, settings.roles_attribute);
    const roles = ldapRolesFor(groups, settings.mapping);
    if (roles.length === 0) return { ok: false, code: "ldap_no_matching_role" };
    const name = values(entry, "displayName")[0] ?? values(entry, "cn")[0] ?? username;
    return { ok: true, dn: entry.dn, name, emails: values(entry, "mail"), groups, roles };
  } finally {
    await unbind(client);
  }
}

/** The connection test of the admin screen: connect (TLS), bind as the admin, read the base DN. */
export async function ldapTestConnection(settings: LdapConnection, options: LdapOptions = {}): Promise<LdapTestFailure | null> {
  let client: Client;
  try {
    client = await connect(settings, options);
  } catch (error) {
    return isTlsError(error) ? "tls" : "unreachable";
  }
  try {
    try {
      await adminBind(client, settings);
    } catch (error) {
      if (error instanceof InvalidCredentialsError) return "admin_bind";
      return isTlsError(error) ? "tls" : "unreachable";
    }
    try {
      await client.search(settings.base_dn, { scope: "base", filter: "(objectClass=*)", attributes: ["1.1"], sizeLimit: 1 });
    } catch (error) {
      return error instanceof NoSuchObjectError ? "base_dn" : "unknown";
    }
    return null;
  } finally {
    await unbind(client);
  }
}
