import { fieldErrors, ldapSettingsSchema, type LdapSettingsInput } from "@caresuite/domain";
import { firstFieldErrors, type FieldError } from "../../../api/errors";

/** The form's values: the role of a mapping line is the Select's string ("" while none is chosen). */
export interface LdapFormValues {
  enabled: boolean;
  dsn: string;
  starttls: boolean;
  base_dn: string;
  admin_user: string;
  admin_password: string;
  user_filter: string;
  roles_attribute: string;
  mapping: { key: number; group_dn: string; role_id: string }[];
}

export interface StoredLdapSettings {
  enabled: boolean;
  dsn: string;
  starttls: boolean;
  base_dn: string;
  admin_user: string;
  has_admin_password: boolean;
  user_filter: string;
  roles_attribute: string;
  mapping: readonly { group_dn: string; role_id: number }[];
}

let nextKey = 1;
/** A fresh key for a mapping line (React keys; lines are added and removed). */
export const mappingKey = (): number => nextKey++;

export function ldapValues(stored: StoredLdapSettings): LdapFormValues {
  return {
    enabled: stored.enabled,
    dsn: stored.dsn,
    starttls: stored.starttls,
    base_dn: stored.base_dn,
    admin_user: stored.admin_user,
    // Never sent to the browser: the field starts empty, "set" says whether one is stored.
    admin_password: "",
    user_filter: stored.user_filter,
    roles_attribute: stored.roles_attribute,
    mapping: stored.mapping.map((m) => ({ key: mappingKey(), group_dn: m.group_dn, role_id: String(m.role_id) })),
  };
}

/** The input the server takes (the same schema checks it on both sides). */
export function ldapInput(values: LdapFormValues): LdapSettingsInput {
  const { mapping, ...rest } = values;
  return {
    ...rest,
    mapping: mapping.map((m) => ({ group_dn: m.group_dn, role_id: m.role_id === "" ? (null as unknown as number) : Number(m.role_id) })),
  };
}

/** The shared schema's errors, first per field ("mapping.0.role_id" for a line's role). */
export function ldapErrors(input: LdapSettingsInput): Record<string, FieldError> {
  const parsed = ldapSettingsSchema.safeParse(input);
  return parsed.success ? {} : firstFieldErrors(fieldErrors(parsed.error));
}

/** Every field the form shows, mapping lines included: their errors go onto the inputs. */
export function ldapFieldNames(lines: number): Set<string> {
  const names = ["enabled", "dsn", "starttls", "base_dn", "admin_user", "admin_password", "user_filter", "roles_attribute", "mapping"];
  for (let i = 0; i < lines; i++) names.push(`mapping.${i}.group_dn`, `mapping.${i}.role_id`);
  return new Set(names);
}
