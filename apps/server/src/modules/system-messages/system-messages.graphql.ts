import { builder } from "../../graphql/builder.ts";
import { withConnectionParams } from "../../graphql/socket-context.ts";
import { SYSTEM_MESSAGES_TOPIC, type SystemMessage } from "../../realtime/topics.ts";
import { pendingAnnouncement, prepend } from "../updates/restart-announcement.ts";

const SystemMessageType = builder.objectRef<SystemMessage>("SystemMessage").implement({
  fields: (t) => ({ subject: t.exposeString("subject"), payload: t.exposeString("payload") }),
});

builder.subscriptionField("systemMessages", (t) =>
  t.field({
    type: SystemMessageType,
    description: "Server-wide pushes (time, restart, reload, ...). Public: displays need reload and time.",
    authScopes: { public: true },
    subscribe: async (_root, _args, ctx) => {
      const socketCtx = await withConnectionParams(ctx);
      const live = socketCtx.bus.subscribe(SYSTEM_MESSAGES_TOPIC) as AsyncGenerator<SystemMessage>;
      // After an update, sockets that reconnect get the new version's restart message first.
      const announced = pendingAnnouncement(socketCtx.now());
      return announced ? prepend(announced, live) : live;
    },
    resolve: (message) => message,
  }),
);
