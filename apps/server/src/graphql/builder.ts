import SchemaBuilder from "@pothos/core";
import { GraphQLUpload, type FileUpload } from "graphql-upload-minimal";
import ScopeAuthPlugin from "@pothos/plugin-scope-auth";
import { hasPermission, hasWritePermission, isLicensed, isLoggedIn, type LicenceFeature } from "@caresuite/domain";
import type { RequestContext } from "../context.ts";
import { readAppState } from "../modules/appdata/app-state.repo.ts";
import { activeLicence } from "../modules/licence/licence.repo.ts";
import { isSetupOpen } from "../modules/setup/setup.repo.ts";
import { AppError } from "./errors.ts";

/**
 * The scopes every root field declares (DESIGN.md §7). `public` is an explicit declaration that a
 * field is open to anonymous visitors; a test walks the schema and fails on fields without one.
 */
export interface AuthScopes {
  public: boolean;
  loggedIn: boolean;
  /** The code at read or write: its screens and queries (docs/decisions/009). */
  permission: string;
  /** The code at write: the changes it guards (spec: "Levels are hide, read, write"). */
  writePermission: string;
  licence: LicenceFeature;
  /** Open to anyone only while the first-run setup has not finished. */
  setupOpen: boolean;
  superuser: boolean;
  /** Open to anyone while the installation runs in demo mode (the public /demo screen). */
  demoMode: boolean;
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
      loggedIn: isLoggedIn(ctx.user),
      permission: (code) => isLoggedIn(ctx.user) && hasPermission(ctx.user, code),
      writePermission: (code) => isLoggedIn(ctx.user) && hasWritePermission(ctx.user, code),
      licence: async (feature) => isLicensed(await activeLicence(ctx.db.kysely), feature, ctx.user),
      setupOpen: () => isSetupOpen(ctx.db.kysely),
      superuser: isLoggedIn(ctx.user) && ctx.user.is_superuser,
      demoMode: async () => (await readAppState(ctx.db.kysely)).features.demo_mode,
    }),
    // spec §8: MISSING_AUTH when the session is gone, MISSING_PERMISSION otherwise.
    unauthorizedError: (_parent, ctx) =>
      isLoggedIn(ctx.user)
        ? new AppError("MISSING_PERMISSION", "Access denied")
        : new AppError("MISSING_AUTH", "Session timed out"),
  },
});

/** File uploads (multipart requests); resolvers receive graphql-upload-minimal's FileUpload. */
builder.addScalarType("Upload", GraphQLUpload, {});

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});
