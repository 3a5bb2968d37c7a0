import SchemaBuilder from "@pothos/core";
import { GraphQLUpload, type FileUpload } from "graphql-upload-minimal";
import ScopeAuthPlugin from "@pothos/plugin-scope-auth";
import { hasPermission, hasWritePermission, isLicensed, isLoggedIn, type LicenceFeature, type PermissionCode } from "@caresuite/domain";
import type { RequestContext } from "../context.ts";
import { demoModeOn } from "../modules/appdata/app-state.service.ts";
import { currentLicence } from "../modules/licence/licence.service.ts";
import { setupFinishOpen, setupOpen } from "../modules/setup/setup.service.ts";
import { mustChangePassword, PASSWORD_CHANGE_REQUIRED } from "../modules/auth/password-change.ts";
import { AppError } from "../errors/app-error.ts";

/**
 * The scopes every root field declares (ARCHITECTURE «Security rules»). `public` is an explicit declaration that a
 * field is open to anonymous visitors; a test walks the schema and fails on fields without one.
 */
export interface AuthScopes {
  public: boolean;
  /** Signed in and free to use the application (not held at set-password by a temporary password). */
  loggedIn: boolean;
  /** Any session, also one with a temporary password: set-password and what its screen loads. */
  signedIn: boolean;
  /** The code at read or write: its screens and queries (docs/decisions/009). A code, not a string: a typo fails to compile. */
  permission: PermissionCode;
  /** The code at write: the changes it guards (spec: "Levels are hide, read, write"). */
  writePermission: PermissionCode;
  licence: LicenceFeature;
  /** Open to anyone only while the first-run setup has not finished. */
  setupOpen: boolean;
  /** Open to anyone between the initial user's creation and the wizard's last step (decision 012). */
  setupFinishing: boolean;
  superuser: boolean;
  /** Open to anyone while the installation runs in demo mode (the public /demo screen). */
  demoMode: boolean;
}

/** a session held at set-password by a temporary password counts as not signed in here. */
function inUse(ctx: RequestContext): boolean {
  return isLoggedIn(ctx.user) && !mustChangePassword(ctx.user);
}

export const builder = new SchemaBuilder<{
  Context: RequestContext;
  AuthScopes: AuthScopes;
  DefaultFieldNullability: false;
  Scalars: { Upload: { Input: Promise<FileUpload>; Output: never } };
}>({
  plugins: [ScopeAuthPlugin],
  defaultFieldNullability: false,
  scopeAuth: {
    authorizeOnSubscribe: true,
    authScopes: (ctx) => ({
      public: true,
      loggedIn: inUse(ctx),
      signedIn: isLoggedIn(ctx.user),
      permission: (code) => inUse(ctx) && hasPermission(ctx.user, code),
      writePermission: (code) => inUse(ctx) && hasWritePermission(ctx.user, code),
      licence: async (feature) => isLicensed(await currentLicence(ctx), feature, ctx.user),
      setupOpen: () => setupOpen(ctx),
      setupFinishing: () => setupFinishOpen(ctx),
      superuser: inUse(ctx) && ctx.user.is_superuser,
      demoMode: () => demoModeOn(ctx),
    }),
    // spec §8: MISSING_AUTH when the session is gone, MISSING_PERMISSION otherwise (with a reason
    // while a temporary password must be replaced first).
    unauthorizedError: (_parent, ctx) => {
      if (!isLoggedIn(ctx.user)) return new AppError("MISSING_AUTH", "Session timed out");
      if (mustChangePassword(ctx.user)) {
        return new AppError("MISSING_PERMISSION", "Password change required", { reason: PASSWORD_CHANGE_REQUIRED });
      }
      return new AppError("MISSING_PERMISSION", "Access denied");
    },
  },
});

/** File uploads (multipart requests); resolvers receive graphql-upload-minimal's FileUpload. */
builder.addScalarType("Upload", GraphQLUpload, {});

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});
