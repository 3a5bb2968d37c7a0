/**
 * Test ids of /admin/ldap. Kept with the feature, not in testids.ts, which the /login and /display
 * bundles carry (their budgets are full).
 */
export const LDAP_TESTIDS = {
  page: "ldap.page",
  form: "ldap.form",
  field: (name: string): string => `ldap.field.${name}`,
  passwordState: "ldap.passwordState",
  mappingAdd: "ldap.mapping.add",
  mappingGroup: (index: number): string => `ldap.mapping.${index}.group_dn`,
  mappingRole: (index: number): string => `ldap.mapping.${index}.role_id`,
  mappingRemove: (index: number): string => `ldap.mapping.${index}.remove`,
  save: "ldap.save",
  error: "ldap.error",
  test: "ldap.test",
  testResult: "ldap.testResult",
  loadError: "ldap.loadError",
} as const;
