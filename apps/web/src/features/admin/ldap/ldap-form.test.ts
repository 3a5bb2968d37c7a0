import { describe, expect, it } from "vitest";
import { ldapErrors, ldapFieldNames, ldapInput, ldapValues } from "./ldap-form";

const stored = {
  enabled: true,
  dsn: "ldaps://dir.example.org:636",
  starttls: false,
  base_dn: "dc=example,dc=org",
  admin_user: "cn=admin,dc=example,dc=org",
  has_admin_password: true,
  user_filter: "(uid={username})",
  roles_attribute: "memberOf",
  mapping: [{ group_dn: "cn=nurses,dc=example,dc=org", role_id: 4 }],
};

describe("the LDAP form", () => {
  it("starts with an empty password field (the stored one never reaches the browser) and gives the server's input back", () => {
    const values = ldapValues(stored);
    expect(values.admin_password).toBe("");
    expect(values.mapping).toEqual([{ key: expect.any(Number), group_dn: "cn=nurses,dc=example,dc=org", role_id: "4" }]);
    const { has_admin_password: _set, ...rest } = stored;
    expect(ldapInput(values)).toEqual({ ...rest, admin_password: "" });
    expect(ldapErrors(ldapInput(values))).toEqual({});
  });

  it("checks with the server's schema: a line without a role and a wrong address show on their fields", () => {
    const values = ldapValues(stored);
    values.dsn = "https://dir.example.org";
    values.mapping.push({ key: 99, group_dn: "cn=admins,dc=example,dc=org", role_id: "" });
    const errors = ldapErrors(ldapInput(values));
    expect(Object.keys(errors).sort()).toEqual(["dsn", "mapping.1.role_id"]);
    expect(errors["dsn"]?.message).toBe("validation.format");
    expect(errors["mapping.1.role_id"]?.message).toBe("validation.required");
    expect(ldapFieldNames(2).has("mapping.1.role_id")).toBe(true);
  });
});
