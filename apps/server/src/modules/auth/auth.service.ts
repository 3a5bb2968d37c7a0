import { LDAP_VALIDATION, VALIDATION_KEYS, fieldErrors, isLoggedIn, loginInputSchema, setPasswordInputSchema, type AuthUser } from "@caresuite/domain";
import type { Config } from "../../config.ts";
import type { RequestContext } from "../../context.ts";
import { AppError, type FieldErrors } from "../../errors/app-error.ts";
import { translate } from "../../i18n/messages.ts";
import { writeAudit } from "../audit/audit.repo.ts";
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from "./password.ts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { deleteSession, deleteUserSessions, hashToken, insertSession, newSessionToken, resolveSession, type SessionPolicy } from "./sessions.repo.ts";
import { releaseAttempt, reserveAttempt } from "./throttle.ts";
import { findUserById, findUserByUsername, findUserByUsernameIgnoringCase, loadAuthUser } from "./users.repo.ts";
import { ldapOptions, ldapSignIn, syncLdapUser, type LdapSignIn } from "../ldap/ldap.service.ts";

/** Where the login form shows each LDAP error (spec §8 "LDAP variants"). */
const LDAP_ERROR_FIELD: Record<Extract<LdapSignIn, { kind: "error" }>["code"], LoginError["field"]> = {
  ldap_unknown_user: "username",
  ldap_wrong_password: "password",
  ldap_too_many_users: "username",
  ldap_server_unreachable: null,
  ldap_no_matching_role: null,
  general: null,
};

export interface LoginError {
  field: "username" | "password" | null;
  code: string;
  message: string;
}

export interface LoginResult {
  ok: boolean;
  user: AuthUser | null;
  require_password_change: boolean;
  errors: LoginError[];
  /** Set on success: the cookie value. Never part of the JSON reply. */
  token?: string;
}

export function sessionPolicy(config: Config): SessionPolicy {
  return { idleMs: config.SESSION_IDLE_MINUTES * 60_000, absoluteMs: config.SESSION_ABSOLUTE_DAYS * 86_400_000 };
}

const failure = (ctx: RequestContext, error: Omit<LoginError, "message">, data = {}): LoginResult => ({
  ok: false,
  user: null,
  require_password_change: false,
  errors: [{ ...error, message: translate(`login.${error.code}` as Parameters<typeof translate>[0], ctx.locale, data) }],
});

/**
 * spec: "POST {backend}/login, JSON username and password; reply ok, user, require_password_change, errors."
 * An unknown user and a wrong password get the same answer, on the same path (one lookup, one
 * scrypt verify), so the answer does not tell which accounts exist (decision 008). With LDAP on,
 * an unknown name or a directory user goes to the directory, whose answers are the spec's LDAP
 * variants (§8; docs/decisions/040-ldap-sign-in.md); the throttle counts them alike.
 */
export async function login(ctx: RequestContext, body: unknown, userAgent: string): Promise<LoginResult> {
  const parsed = loginInputSchema.safeParse(body);
  if (!parsed.success) return failure(ctx, { field: null, code: "invalid_input" });
  const { username, password } = parsed.data;
  const db = ctx.db.kysely;
  const now = ctx.now();
  const keys = { account: username, ip: ctx.ip };

  // Counted before the (slow) check, so parallel guesses cannot all pass a stale count.
  const reservation = await reserveAttempt(ctx.db, keys, now);
  if (!reservation.allowed) return failure(ctx, { field: null, code: "throttled" }, { seconds: reservation.waitSeconds });

  const found = await findUserByUsername(db, username);
  /** The account signing in; id null for a directory user's first sign-in. */
  let user: { id: number | null; username: string };
  let rehash: string | null = null;
  let ldap: Extract<LdapSignIn, { kind: "ok" }> | null = null;
  if (found && found.is_ldap !== 1) {
    // Local users first, as before LDAP existed.
    const valid = await verifyPassword(password, found.password_hash);
    // The failure was counted by the reservation: nothing more to record.
    if (!valid) return failure(ctx, { field: null, code: "invalid_credentials" });
    user = found;
    rehash = needsRehash(found.password_hash, ctx.config.SCRYPT_LOG_N) ? await hashPassword(password, ctx.config.SCRYPT_LOG_N) : null;
  } else {
    // An unknown name or a directory user: the directory decides when LDAP is on (docs/decisions/040).
    const answer = await ldapSignIn(db, ldapOptions(ctx), username, password);
    if (answer.kind === "disabled") {
      // Verify against a dummy hash for unknown names so both answers take the same time.
      await verifyPassword(password, await dummyPasswordHash(ctx.config.SCRYPT_LOG_N));
      return failure(ctx, { field: null, code: "invalid_credentials" });
    }
    if (answer.kind === "error") return failure(ctx, { field: LDAP_ERROR_FIELD[answer.code], code: answer.code });
    // A local (non-directory) account whose name differs only in case keeps its name to itself.
    const clash = found ? undefined : await findUserByUsernameIgnoringCase(db, username);
    if (clash && clash.is_ldap !== 1) return failure(ctx, { field: null, code: "invalid_credentials" });
    ldap = answer;
    const existing = found ?? clash;
    user = existing ? { id: existing.id, username: existing.username } : { id: null, username };
  }

  const { token, hash } = newSessionToken();
  const userId = await db.transaction().execute(async (trx) => {
    await releaseAttempt(trx, ctx.db.dialect, keys);
    // A local account always has its id; only a directory user's first sign-in creates one.
    const id = ldap ? await syncLdapUser(trx, user.id, user.username, ldap, now) : Number(user.id);
    if (rehash) await trx.updateTable("users").set({ password_hash: rehash }).where("id", "=", id).execute();
    await insertSession(trx, { hash, userId: id, now, ip: ctx.ip, userAgent }, sessionPolicy(ctx.config));
    await writeAudit(trx, {
      systemId: null,
      userId: id,
      now,
      entityType: "user",
      entityId: id,
      entityDisplayName: user.username,
      action: "loggedin",
      meta: ldap ? { ip: ctx.ip, source: "ldap" } : { ip: ctx.ip },
    });
    return id;
  });
  const row = await findUserById(db, userId);
  if (!row) return failure(ctx, { field: null, code: "general" });
  const authUser = await loadAuthUser(db, row);
  return { ok: true, user: authUser, require_password_change: authUser.password_is_temporary, errors: [], token };
}

/** Ends the session of the token (if any). */
export async function logout(ctx: RequestContext, token: string | undefined): Promise<void> {
  if (token) await deleteSession(ctx.db.kysely, token);
}

function currentPasswordError(ctx: RequestContext, key: string, data: Record<string, unknown> = {}): AppError {
  const message = translate(key as Parameters<typeof translate>[0], ctx.locale, data);
  return new AppError("VALIDATION", message, {
    fields: { current_password: [{ message: key, data: { field: "current_password", ...data } }] },
  });
}

/**
 * spec: "UserSetPassword(password, password_repeat) returns id"; revokes the user's other sessions.
 * the current password is asked for unless the password is temporary; a wrong one counts
 * in the login throttle like a failed sign-in, so this is no way around it.
 */
export async function setOwnPassword(ctx: RequestContext, input: unknown): Promise<{ id: number }> {
  if (!isLoggedIn(ctx.user)) throw new AppError("MISSING_AUTH", "Session timed out");
  const userId = ctx.user.id;
  const row = await findUserById(ctx.db.kysely, userId);
  if (!row) throw new AppError("MISSING_AUTH", "Session timed out");
  if (row.is_ldap === 1) {
    // Directory users sign in with the directory's password only (docs/decisions/040-ldap-sign-in.md).
    throw new AppError("VALIDATION", "Validation failed", {
      fields: { password: [{ message: LDAP_VALIDATION.no_local_password, data: { field: "password" } }] },
    });
  }
  const parsed = setPasswordInputSchema(row.username).safeParse(input);
  const fields: FieldErrors = parsed.success ? {} : fieldErrors(parsed.error);
  const current = parsed.success ? (parsed.data.current_password ?? "") : "";
  const needsCurrent = row.password_is_temporary !== 1;
  if (needsCurrent && parsed.success && current === "") {
    fields["current_password"] = [{ message: VALIDATION_KEYS.required, data: { field: "current_password" } }];
  }
  if (!parsed.success || Object.keys(fields).length > 0) throw new AppError("VALIDATION", "Validation failed", { fields });

  const now = ctx.now();
  const keys = { account: row.username, ip: ctx.ip };
  if (needsCurrent) {
    const reservation = await reserveAttempt(ctx.db, keys, now);
    if (!reservation.allowed) throw currentPasswordError(ctx, VALIDATION_KEYS.too_many_attempts, { seconds: reservation.waitSeconds });
    if (!(await verifyPassword(current, row.password_hash))) throw currentPasswordError(ctx, VALIDATION_KEYS.wrong_current_password);
  }
  const hash = await hashPassword(parsed.data.password, ctx.config.SCRYPT_LOG_N);
  await ctx.db.kysely.transaction().execute(async (trx) => {
    if (needsCurrent) await releaseAttempt(trx, ctx.db.dialect, keys);
    await trx.updateTable("users").set({ password_hash: hash, password_is_temporary: 0, updated_at: now }).where("id", "=", userId).execute();
    await deleteUserSessions(trx, userId, ctx.sessionHash ?? undefined);
    await writeAudit(trx, {
      systemId: null,
      userId,
      now,
      entityType: "user",
      entityId: userId,
      entityDisplayName: ctx.user.username,
      action: "updated",
      // The value itself is never written to the log.
      changes: [{ field: "password", value_old: "***", value_new: "***" }],
    });
  });
  return { id: userId };
}

/** Who a session cookie belongs to, if the session is still alive: the user and the session's hash. */
export async function sessionUser(db: Kysely<Database>, token: string, now: number, config: Config): Promise<{ user: AuthUser; sessionHash: string } | null> {
  const userId = await resolveSession(db, token, now, sessionPolicy(config));
  const row = userId === null ? undefined : await findUserById(db, userId);
  if (!row) return null;
  return { user: await loadAuthUser(db, row), sessionHash: hashToken(token) };
}
