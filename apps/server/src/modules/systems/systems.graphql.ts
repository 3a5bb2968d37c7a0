import { builder } from "../../graphql/builder.ts";
import { listSystems, type SystemRow } from "./systems.repo.ts";
import { canAccessSystem } from "@caresuite/domain";

/** System parameters (the configurator). The password is a secret and is never exposed. */
export const SystemParamsType = builder.objectRef<SystemRow>("SystemParams").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    name: t.exposeString("name"),
    ip: t.exposeString("ip"),
    username: t.exposeString("username"),
  }),
});

const SystemType = builder.objectRef<Pick<SystemRow, "id" | "name">>("System").implement({
  fields: (t) => ({ id: t.exposeInt("id"), name: t.exposeString("name") }),
});

const PublicSystemParamsType = builder
  .objectRef<Pick<SystemRow, "id" | "name" | "weekend_start" | "weekend_stop">>("PublicSystemParams")
  .implement({
    fields: (t) => ({
      id: t.exposeInt("id"),
      name: t.exposeString("name"),
      weekend_start: t.exposeInt("weekend_start"),
      weekend_stop: t.exposeInt("weekend_stop"),
    }),
  });

builder.queryField("systems", (t) =>
  t.field({
    type: [SystemType],
    description: "Systems the current user may work in (all for anonymous display visitors).",
    authScopes: { public: true },
    resolve: async (_root, _args, ctx) =>
      (await listSystems(ctx.db.kysely)).filter((s) => canAccessSystem(ctx.user, s.id)),
  }),
);

builder.queryField("publicSystemParams", (t) =>
  t.field({
    type: [PublicSystemParamsType],
    description: "Names and weekend windows of the systems; the public display needs them.",
    authScopes: { public: true },
    resolve: async (_root, _args, ctx) =>
      (await listSystems(ctx.db.kysely)).filter((s) => canAccessSystem(ctx.user, s.id)),
  }),
);
