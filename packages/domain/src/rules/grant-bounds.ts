import type { AccessLevel } from "./role-hierarchy.ts";
import { ACCESS_LEVELS } from "./role-hierarchy.ts";
import { accessCovers, accessHeld, accessOf, type PermissionLists } from "./permission-levels.ts";

/**
 * ARCHITECTURE «Security rules» "Granting is bounded by holding: nobody creates, edits or resets a user, role or
 * grant whose effective permissions or systems exceed their own (superusers excepted)."
 */
export interface GrantHolder extends PermissionLists {
  is_superuser: boolean;
  /** spec: "Superusers and users with an empty list see all systems; others see only listed ones." */
  system_access: readonly number[];
}

/** What a target holds beyond the actor, by the input field that gives it. */
export interface GrantExcess {
  /** Only superusers give `is_superuser`. */
  is_superuser: boolean;
  /** Codes the target would see or change beyond the actor. */
  permissions: string[];
  /** Systems beyond the actor's; "all" when the target would see every system and the actor does not. */
  system_access: number[] | "all";
}

/** True when `holder` sees every system. */
export function seesAllSystems(holder: Pick<GrantHolder, "is_superuser" | "system_access">): boolean {
  return holder.is_superuser || holder.system_access.length === 0;
}

/**
 * The systems of `target` the actor does not see: `[]` when within the actor's, "all" when the
 * target sees every system (an empty list) and the actor does not.
 */
export function systemsBeyond(
  actor: Pick<GrantHolder, "is_superuser" | "system_access">,
  target: Pick<GrantHolder, "is_superuser" | "system_access">,
): number[] | "all" {
  if (seesAllSystems(actor)) return [];
  if (seesAllSystems(target)) return "all";
  return target.system_access.filter((id) => !actor.system_access.includes(id));
}

/** The codes `target` sees or changes beyond what the actor holds. */
export function permissionsBeyond(actor: GrantHolder, target: PermissionLists): string[] {
  if (actor.is_superuser) return [];
  const codes = new Set([...target.permissions, ...target.write_permissions]);
  return [...codes].filter((code) => !accessCovers(accessHeld(actor, code), accessHeld({ is_superuser: false, ...target }, code))).sort();
}

/** Everything `target` would hold beyond `actor`; nothing for a superuser actor. */
export function grantExcess(actor: GrantHolder, target: GrantHolder): GrantExcess {
  if (actor.is_superuser) return { is_superuser: false, permissions: [], system_access: [] };
  // spec: "Superuser has all permissions": a superuser target exceeds every non-superuser.
  if (target.is_superuser) return { is_superuser: true, permissions: [], system_access: [] };
  return { is_superuser: false, permissions: permissionsBeyond(actor, target), system_access: systemsBeyond(actor, target) };
}

/** True when the excess is empty: the actor holds everything the target would hold. */
export function withinBounds(excess: GrantExcess): boolean {
  return !excess.is_superuser && excess.permissions.length === 0 && excess.system_access !== "all" && excess.system_access.length === 0;
}

/**
 * spec §6, ARCHITECTURE «Security rules»: a user may create, edit, reset or delete only a user whose effective
 * permissions and systems are a subset of their own; superusers may do anything.
 */
export function canGrant(actor: GrantHolder, target: GrantHolder): boolean {
  return withinBounds(grantExcess(actor, target));
}

/** The codes of a role's grants that give more than the actor holds (roles count what they give). */
export function roleGrantsBeyond(actor: GrantHolder, grants: readonly { code: string; level: string }[]): string[] {
  if (actor.is_superuser) return [];
  return grants.filter((g) => !accessCovers(accessHeld(actor, g.code), accessOf(g.code, g.level))).map((g) => g.code);
}

/** One call-source-group grant of a role, in one system. */
export interface GroupGrant {
  system_id: number;
  callsource_group_id: number;
  permission_level: AccessLevel;
}

const rank = (level: AccessLevel): number => ACCESS_LEVELS.indexOf(level);

/** True for the spec's call-source access levels ("None, Read, Write, Full"). */
export function isAccessLevel(value: string): value is AccessLevel {
  return (ACCESS_LEVELS as readonly string[]).includes(value);
}

/**
 * The actor's level for a group: spec §6 "Tech access is full for superusers or users without
 * group permissions": without grants in a system the actor is unrestricted there (null);
 * otherwise the highest level among their roles, None for groups they have no grant for.
 */
export function groupLevelHeld(actor: { is_superuser: boolean; groups: readonly GroupGrant[] }, systemId: number, groupId: number): AccessLevel | null {
  if (actor.is_superuser) return null;
  const inSystem = actor.groups.filter((g) => g.system_id === systemId);
  if (inSystem.length === 0) return null;
  return inSystem
    .filter((g) => g.callsource_group_id === groupId)
    .reduce<AccessLevel>((best, g) => (rank(g.permission_level) > rank(best) ? g.permission_level : best), "None");
}

/** The grants that give more than the actor's level for that group (a role's call-source-group grants). */
export function groupGrantsBeyond(actor: { is_superuser: boolean; groups: readonly GroupGrant[] }, grants: readonly GroupGrant[]): GroupGrant[] {
  return grants.filter((g) => {
    const held = groupLevelHeld(actor, g.system_id, g.callsource_group_id);
    return held !== null && rank(g.permission_level) > rank(held);
  });
}

/**
 * The systems in which a user with `target` roles would have unrestricted group access while the
 * actor is restricted there: a user without group grants in a system has full access (spec §6),
 * so a restricted actor may not hand that out. Only systems the target sees count.
 */
export function unrestrictedGroupSystemsBeyond(
  actor: { is_superuser: boolean; groups: readonly GroupGrant[] },
  target: { system_access: readonly number[]; groups: readonly GroupGrant[] },
): number[] {
  if (actor.is_superuser) return [];
  const restricted = [...new Set(actor.groups.map((g) => g.system_id))];
  return restricted
    .filter((system) => target.system_access.length === 0 || target.system_access.includes(system))
    .filter((system) => !target.groups.some((g) => g.system_id === system))
    .sort((a, b) => a - b);
}
