import { canAccessSystem } from "@caresuite/domain";
import { builder } from "../../graphql/builder.ts";
import type { LinkState } from "../../callsystem/link.ts";

const LinkStateType = builder.objectRef<LinkState>("CallSystemStatus").implement({
  fields: (t) => ({
    system_id: t.exposeInt("system_id"),
    connected: t.exposeBoolean("connected"),
    last_event_at: t.exposeString("last_event_at", { nullable: true }),
    last_seq: t.exposeInt("last_seq"),
    firmware: t.exposeString("firmware", { nullable: true }),
    last_error: t.exposeString("last_error", { nullable: true }),
  }),
});

builder.queryField("callSystemStatus", (t) =>
  t.field({
    type: [LinkStateType],
    description: "State of the links to the call systems the user may see (connected, last event).",
    authScopes: { loggedIn: true },
    resolve: (_root, _args, ctx) => (ctx.links?.all() ?? []).map((link) => link.state()).filter((state) => canAccessSystem(ctx.user, state.system_id)),
  }),
);
