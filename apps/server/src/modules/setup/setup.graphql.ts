import { builder } from "../../graphql/builder.ts";
import { SystemParamsType } from "../systems/systems.graphql.ts";
import { setupDoneError } from "./setup-done.ts";
import { createInitialConfigurator, createInitialUser, finishSetup, useVirtualCallSystem } from "./setup.service.ts";

const InitialUserType = builder.objectRef<{ id: number; username: string }>("InitialUser").implement({
  fields: (t) => ({ id: t.exposeInt("id"), username: t.exposeString("username") }),
});

builder.mutationField("createInitialUser", (t) =>
  t.field({
    type: InitialUserType,
    args: {
      username: t.arg.string({ required: true }),
      password: t.arg.string({ required: true }),
      locale: t.arg.string({ required: true }),
    },
    authScopes: { setupOpen: true },
    // after the setup everyone hears "setup already done" (CONFLICT setup_done), not a
    // sign-in request: signing in would not allow it either.
    unauthorizedError: (_root, _args, ctx) => setupDoneError(ctx),
    resolve: (_root, args, ctx) => createInitialUser(ctx, args),
  }),
);

builder.mutationField("createInitialConfigurator", (t) =>
  t.field({
    type: SystemParamsType,
    args: {
      ip: t.arg.string({ required: true }),
      username: t.arg.string({ required: true }),
      password: t.arg.string({ required: true }),
      /** Not in the spec's signature: the controller's protocol port (default CONTROLLER_PORT). */
      tcp_port: t.arg.int(),
    },
    authScopes: { $any: { setupOpen: true, writePermission: "admin::manage_system" } },
    resolve: (_root, args, ctx) => createInitialConfigurator(ctx, { ip: args.ip, username: args.username, password: args.password }, args.tcp_port),
  }),
);

builder.mutationField("useVirtualCallSystem", (t) =>
  t.field({
    type: SystemParamsType,
    description: "Starts the bundled virtual call system and uses it as the configurator of system 1.",
    authScopes: { $any: { setupOpen: true, writePermission: "admin::manage_system" } },
    resolve: (_root, _args, ctx) => useVirtualCallSystem(ctx),
  }),
);

builder.mutationField("finishSetup", (t) =>
  t.boolean({
    description: "Confirms the wizard's last step: sets the setup time (docs/decisions/012).",
    args: {},
    authScopes: { setupFinishing: true },
    // Once finished (or before an initial user exists) there is nothing to confirm.
    unauthorizedError: (_root, _args, ctx) => setupDoneError(ctx),
    resolve: (_root, _args, ctx) => finishSetup(ctx),
  }),
);
