import { describe, expect, it } from "vitest";
import { fieldErrors } from "./field-errors.ts";
import { escapeLdapFilterValue, isLdapFilter, isLdapUrl, ldapRolesFor, ldapSettingsSchema, ldapUserFilter, normalizeDn } from "./ldap.ts";

// RFC 4515 §3: "the octets that represent the ASCII characters '*' (0x2a), '(' (0x28), ')' (0x29),
// '\' (0x5c), and NUL (0x00) are represented as a backslash followed by the two hexadecimal digits".
describe("escapeLdapFilterValue (RFC 4515)", () => {
  it.each([
    ["alice", "alice"],
    ["a*", "a\\2a"],
    ["*)(uid=*", "\\2a\\29\\28uid=\\2a"],
    ["back\\slash", "back\\5cslash"],
    ["nul\u0000", "nul\\00"],
    ["müller", "m\\c3\\bcller"],
    ["a.b-c_d@x", "a.b-c_d@x"],
  ])("%j → %j", (input, escaped) => {
    expect(escapeLdapFilterValue(input)).toBe(escaped);
  });

  it("keeps the filter's structure whatever the name", () => {
    expect(ldapUserFilter("(&(objectClass=person)(uid={username}))", "x)(|(uid=*")).toBe("(&(objectClass=person)(uid=x\\29\\28|\\28uid=\\2a))");
  });
});

describe("DNs and the group → role mapping (spec §10 'LDAP users get roles by group mapping')", () => {
  it.each([
    ["CN=Nurses, OU=Groups,DC=Example,DC=org", "cn=nurses,ou=groups,dc=example,dc=org"],
    ["cn = a\\,b ,dc=x", "cn=a\\,b,dc=x"],
  ])("normalizeDn(%j) = %j", (dn, normal) => {
    expect(normalizeDn(dn)).toBe(normal);
  });

  const mapping = [
    { group_dn: "cn=nurses,ou=groups,dc=x", role_id: 3 },
    { group_dn: "cn=admins,ou=groups,dc=x", role_id: 1 },
    { group_dn: "cn=night,ou=groups,dc=x", role_id: 3 },
  ];
  it.each([
    [["CN=Nurses,OU=groups,dc=x"], [3]],
    [
      ["cn=admins,ou=groups,dc=x", "cn=nurses,ou=groups,dc=x", "cn=night,ou=groups,dc=x"],
      [3, 1],
    ],
    [["cn=other,dc=x"], []],
    [[], []],
  ])("groups %j → roles %j", (groups, roles) => {
    expect(ldapRolesFor(groups, mapping)).toEqual(roles);
  });
});

describe("ldapSettingsSchema (spec data §3.8 'LDAP: enabled, dsn, base_dn, admin_user, admin_password, user_filter, roles_attribute, mapping')", () => {
  const valid = {
    enabled: true,
    dsn: "ldaps://dir.example.org:636",
    starttls: false,
    base_dn: "dc=example,dc=org",
    admin_user: "cn=admin,dc=example,dc=org",
    admin_password: "",
    user_filter: "(uid={username})",
    roles_attribute: "memberOf",
    mapping: [{ group_dn: "cn=nurses,dc=example,dc=org", role_id: 2 }],
  };
  const errorsOf = (input: unknown) => {
    const parsed = ldapSettingsSchema.safeParse(input);
    return parsed.success ? {} : Object.fromEntries(Object.entries(fieldErrors(parsed.error)).map(([k, v]) => [k, v[0]?.message]));
  };

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ["valid", {}, {}],
    ["http is no directory", { dsn: "http://x" }, { dsn: "validation.format" }],
    ["ldap with StartTLS", { dsn: "ldap://x:389", starttls: true }, {}],
    ["ldaps with StartTLS", { starttls: true }, { starttls: "validation.ldap_starttls_with_ldaps" }],
    ["filter without placeholder", { user_filter: "(uid=alice)" }, { user_filter: "validation.format" }],
    ["unbalanced filter", { user_filter: "(uid={username}" }, { user_filter: "validation.format" }],
    ["attribute with spaces", { roles_attribute: "member of" }, { roles_attribute: "validation.format" }],
    ["enabled needs the dsn", { dsn: "" }, { dsn: "validation.required" }],
    ["disabled may stay empty", { enabled: false, dsn: "", base_dn: "" }, {}],
    [
      "a group twice",
      { mapping: [valid.mapping[0], { group_dn: "CN=Nurses, dc=example,dc=org", role_id: 3 }] },
      { "mapping.1.group_dn": "validation.duplicate" },
    ],
    ["empty group", { mapping: [{ group_dn: " ", role_id: 2 }] }, { "mapping.0.group_dn": "validation.required" }],
    ["control characters", { base_dn: "dc=x\u0007" }, { base_dn: "validation.invalid" }],
  ])("%s", (_name, change, errors) => {
    expect(errorsOf({ ...valid, ...change })).toEqual(errors);
  });

  it.each([
    ["ldap://127.0.0.1:389", true],
    ["ldaps://host", true],
    ["ldap://", false],
    ["ldap://host/dc=x", false],
    ["host:389", false],
  ])("isLdapUrl(%j) = %j", (url, ok) => expect(isLdapUrl(url)).toBe(ok));

  it.each([
    ["(uid={username})", true],
    ["(&(a=b)(uid={username}))", true],
    ["(a=b)(c=d)", false],
    ["(a=\\29)", true],
    [")(", false],
  ])("isLdapFilter(%j) = %j", (filter, ok) => expect(isLdapFilter(filter)).toBe(ok));
});
