import { builder } from "../../graphql/builder.ts";
import { CallLogFilterInput } from "../calls/calls.graphql.ts";
import {
  cancelExport,
  EXPORT_FORMATS,
  EXPORT_LIMITS,
  EXPORT_MAX_ROWS,
  EXPORT_SOURCES,
  exportJob,
  listExports,
  restartExport,
  startCallLogExport,
  startExport,
  type ExportJobView,
} from "./exports.service.ts";

/**
 * Exports as background jobs (docs/decisions/025-call-log-exports.md, 037-system-tree-export.md):
 * call log exports (source Calls) need calllog::use_module and no licence feature, like the call
 * log (route /log); system tree exports (source SystemTree) need systemtree::use_module and the
 * management licence, like the tree (route /tree). A user sees and downloads only their own jobs,
 * of the sources they may use (the service checks each job's source).
 */
const USE = { permission: "calllog::use_module" } as const;
const ANY_SOURCE = { $any: { permission: "calllog::use_module", $all: { permission: "systemtree::use_module", licence: "management" } } } as const;

const ExportFormatEnum = builder.enumType("ExportFormat", { values: EXPORT_FORMATS });
builder.enumType("ExportSource", {
  description: "spec data §3.1 Export source (startExport takes it as a string: an unknown one is VALIDATION on source).",
  values: EXPORT_SOURCES,
});

const ExportJobType = builder.objectRef<ExportJobView>("ExportJob").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    source: t.exposeString("source", { description: "An ExportSource: Calls or SystemTree." }),
    format: t.exposeString("format"),
    state: t.exposeString("state", { description: "new, running, done, failed, canceled or interrupted (the server stopped while it ran; restartExport)" }),
    progress: t.exposeInt("progress", {
      nullable: true,
      description: "Percent; null while unknown (more matches than the call log counts): row_count tells how far.",
    }),
    row_count: t.exposeInt("row_count", { description: "Rows written so far." }),
    error: t.exposeString("error", { nullable: true, description: "An i18n key (validation.max_rows_exceeded) or 'export failed'." }),
    created_at: t.exposeString("created_at"),
    finished_at: t.exposeString("finished_at", { nullable: true }),
    file_name: t.exposeString("file_name", { nullable: true, description: "Set when done: download at /backend/exports/{id}/download." }),
  }),
});

builder.queryField("exports", (t) =>
  t.field({
    type: [ExportJobType],
    description: "The caller's own export jobs of the system, newest first (at most 100): of the source when given, else of every source the caller may use.",
    args: { source: t.arg.string({ description: "An ExportSource; another value is VALIDATION on source." }) },
    authScopes: ANY_SOURCE,
    resolve: (_root, args, ctx) => listExports(ctx, args.source),
  }),
);

builder.queryField("export", (t) =>
  t.field({
    type: ExportJobType,
    args: { id: t.arg.int({ required: true }) },
    authScopes: ANY_SOURCE,
    resolve: (_root, args, ctx) => exportJob(ctx, args.id),
  }),
);

builder.mutationField("startCallLogExport", (t) =>
  t.field({
    type: ExportJobType,
    description: `Exports the call log for the filter (paging ignored) in the background; a user has at most ${EXPORT_LIMITS.activePerUser} jobs new or running (VALIDATION validation.too_many_exports on format). Max rows: ${Object.entries(
      EXPORT_MAX_ROWS,
    )
      .map(([f, n]) => `${f} ${n}`)
      .join(", ")} (VALIDATION validation.max_rows_exceeded on format).`,
    args: { filter: t.arg({ type: CallLogFilterInput }), format: t.arg({ type: ExportFormatEnum, required: true }) },
    authScopes: USE,
    resolve: (_root, args, ctx) => startCallLogExport(ctx, args.filter ?? {}, args.format),
  }),
);

builder.mutationField("startExport", (t) =>
  t.field({
    type: ExportJobType,
    description:
      "Starts an export of the source in the background: Calls (the call log for the filter, as startCallLogExport) or SystemTree (the nodes of the system tree the caller sees, in tree order; the filter is ignored). An unknown source is VALIDATION validation.one_option_required on source; a source the caller may not use is MISSING_PERMISSION. The caps and row limits of startCallLogExport apply.",
    args: {
      source: t.arg.string({ required: true, description: "An ExportSource." }),
      filter: t.arg({ type: CallLogFilterInput }),
      format: t.arg({ type: ExportFormatEnum, required: true }),
    },
    authScopes: ANY_SOURCE,
    resolve: (_root, args, ctx) => startExport(ctx, args.source, args.filter ?? {}, args.format),
  }),
);

builder.mutationField("cancelExport", (t) =>
  t.field({
    type: ExportJobType,
    description: "Cancels a new, running or interrupted export of the caller; its partial file is removed.",
    args: { id: t.arg.int({ required: true }) },
    authScopes: ANY_SOURCE,
    resolve: (_root, args, ctx) => cancelExport(ctx, args.id),
  }),
);

builder.mutationField("restartExport", (t) =>
  t.field({
    type: ExportJobType,
    description: "Runs an interrupted, failed or canceled export again with its filter (the per-user cap applies).",
    args: { id: t.arg.int({ required: true }) },
    authScopes: ANY_SOURCE,
    resolve: (_root, args, ctx) => restartExport(ctx, args.id),
  }),
);
