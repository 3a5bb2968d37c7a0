import { ANONYMOUS_USER } from "./auth-user.ts";
import type { AuthUser } from "./auth-user.ts";
import { UNLICENSED } from "./licence.ts";
import type { Licence } from "./licence.ts";

/** Test factory: a logged-in, non-superuser user with `overrides` applied. */
export function buildUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    ...ANONYMOUS_USER,
    id: 7,
    name: "Test User",
    username: "test",
    system_access: [],
    emails: [],
    permissions: [],
    roles: [],
    ...overrides,
  };
}

/** Test factory: a superuser without explicit permissions. */
export function buildSuperuser(overrides: Partial<AuthUser> = {}): AuthUser {
  return buildUser({ id: 1, name: "Admin", username: "admin", is_superuser: true, ...overrides });
}

/** Test factory: a licence with every feature and generous limits, `overrides` applied. */
export function buildLicence(
  overrides: { features?: Partial<Licence["features"]>; limits?: Partial<Licence["limits"]>; id?: number; name?: string } = {},
): Licence {
  return {
    id: overrides.id ?? 42,
    name: overrides.name ?? "Full",
    features: { analytics: true, log: true, management: true, ...overrides.features },
    limits: { devices: 1000, visuals: 10, app_clients: 20, systems: 3, ...overrides.limits },
  };
}

/** Test factory: the unlicensed default. */
export function buildUnlicensed(): Licence {
  return structuredClone(UNLICENSED);
}
