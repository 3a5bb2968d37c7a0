import { builder } from "../../graphql/builder.ts";
import { withConnectionParams, type SocketContext } from "../../graphql/socket-context.ts";
import type { HubPrinterMessage } from "../../realtime/topics.ts";
import { hubPrinterMessages } from "./hubs.service.ts";

const HubPrinterNode = builder.objectRef<NonNullable<HubPrinterMessage["system_tree_node"]>>("HubPrinterNode").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    kind: t.exposeString("kind"),
    name: t.exposeString("name"),
    serial: t.exposeString("serial", { nullable: true }),
    parent_name: t.exposeString("parent_name", { nullable: true }),
  }),
});

const HubPrinterMessageType = builder.objectRef<HubPrinterMessage>("HubPrinterMessage").implement({
  description: 'spec data §3.8 "Hub printer message: id, address, error, system_tree_node (id, kind, name, serial, parent name)".',
  fields: (t) => ({
    id: t.exposeInt("id"),
    address: t.exposeString("address"),
    error: t.exposeString("error"),
    system_tree_node: t.field({ type: HubPrinterNode, nullable: true, resolve: (message) => message.system_tree_node }),
  }),
});

builder.subscriptionField("hubPrinterMessage", (t) =>
  t.field({
    type: HubPrinterMessageType,
    description:
      'spec "HubPrinterMessage (no variables)": the magnet polling mode\'s messages as they arrive; the error "no hubs registered" when the system has no hub.',
    authScopes: { $all: { permission: "systemtree::use_module", licence: "management" } },
    subscribe: async (_root, _args, ctx) => hubPrinterMessages(await withConnectionParams(ctx as SocketContext)),
    resolve: (message) => message as HubPrinterMessage,
  }),
);
