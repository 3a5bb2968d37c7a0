import { builder } from "../../graphql/builder.ts";
import { search, type SearchEntryView, type SearchResultView } from "./search.service.ts";

const SearchResultType = builder.objectRef<SearchResultView>("SearchResult").implement({
  description: "One hit: entity is the node's or flight profile's id, key the field that matched, text its whole value, context the parents' names.",
  fields: (t) => ({
    entity: t.exposeInt("entity"),
    key: t.exposeString("key"),
    kind: t.exposeString("kind"),
    text: t.exposeString("text"),
    context: t.exposeString("context", { nullable: true }),
  }),
});

const SearchEntryType = builder.objectRef<SearchEntryView>("SearchEntry").implement({
  fields: (t) => ({
    category: t.exposeString("category"),
    results: t.field({ type: [SearchResultType], resolve: (entry) => entry.results }),
  }),
});

builder.queryField("search", (t) =>
  t.field({
    type: [SearchEntryType],
    description:
      'spec §7 "Search(query: string): entries with category and results (entity, key, kind)"; the query is trimmed and must be 2 to 100 characters. ' +
      'spec "A system search or switch component shows if the user has systemtree::use_module or admin::manage_system, and has the management licence or is superuser."',
    args: { query: t.arg.string({ required: true }) },
    authScopes: {
      $all: { licence: "management", $any: { permission: "systemtree::use_module", $all: { permission: "admin::manage_system" } } },
    },
    resolve: (_root, args, ctx) => search(ctx, args.query),
  }),
);
