import { UPDATE_STATES } from "@caresuite/domain";
import { builder } from "../../graphql/builder.ts";
import { installUpdate, updateStatus, uploadUpdatePackage, type UpdateView } from "./updates.service.ts";

/**
 * Signed updates (spec: system area "updates"; "Update: available, in progress, done, error,
 * timeout"; docs/decisions/043-signed-updates.md). Route /admin/updates: admin::manage_system and
 * the management licence, like the other system-area screens.
 */
const READ = { $all: { permission: "admin::manage_system", licence: "management" } } as const;
const WRITE = { $all: { writePermission: "admin::manage_system", licence: "management" } } as const;

const UpdateStateEnum = builder.enumType("UpdateState", { values: UPDATE_STATES });

const UpdateStatusType = builder.objectRef<UpdateView>("UpdateStatus").implement({
  description: "The running version and the last update package: its version and state.",
  fields: (t) => ({
    running_version: t.exposeString("running_version"),
    state: t.field({ type: UpdateStateEnum, nullable: true, resolve: (u) => u.state }),
    slow: t.exposeBoolean("slow", { description: "In progress for longer than usual (spec: 'Restart slower than usual')." }),
    to_version: t.exposeString("to_version", { nullable: true }),
    from_version: t.exposeString("from_version", { nullable: true }),
    started_at: t.string({
      nullable: true,
      description: "When the restart into the new version began (ISO 8601).",
      resolve: (u) => (u.started_at === null ? null : new Date(u.started_at).toISOString()),
    }),
    error: t.exposeString("error", { nullable: true, description: "Message key (updates.*) of a failed update." }),
    supervised: t.exposeBoolean("supervised", { description: "A supervisor restarts the server, so an update can be installed." }),
  }),
});

builder.queryField("updateStatus", (t) =>
  t.field({
    type: UpdateStatusType,
    authScopes: READ,
    resolve: (_root, _args, ctx) => updateStatus(ctx),
  }),
);

builder.mutationField("uploadUpdatePackage", (t) =>
  t.field({
    type: UpdateStatusType,
    description: "Verifies (Ed25519 signature, payload hash) and stages an update package; refused packages change nothing.",
    args: { file: t.arg({ type: "Upload", required: true }) },
    authScopes: WRITE,
    resolve: (_root, args, ctx) => uploadUpdatePackage(ctx, args.file),
  }),
);

builder.mutationField("installUpdate", (t) =>
  t.field({
    type: UpdateStatusType,
    description: "Switches to the staged version and restarts the server (the clients see the restart and reload).",
    authScopes: WRITE,
    resolve: (_root, _args, ctx) => installUpdate(ctx),
  }),
);
