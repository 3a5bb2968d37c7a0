import { INCIDENT_FILTERS, INCIDENT_SEVERITIES, INCIDENT_STATUSES, INCIDENT_SUBJECTS } from "@caresuite/domain";
import { builder } from "../../graphql/builder.ts";
import {
  assignIncident,
  closeIncident,
  createMonitor,
  deleteMonitor,
  getIncident,
  incidentCallId,
  incidentCheckpoint,
  incidentMonitor,
  incidentTarget,
  incidentUser,
  listIncidents,
  listMonitors,
  reopenIncident,
  updateMonitor,
  type IncidentCheckpointView,
  type IncidentMonitorView,
  type IncidentTargetView,
  type IncidentView,
} from "./incidents.service.ts";

/**
 * Incidents (spec data §3.8; routes /analytics/incidents need analytics::manage_incidents and the
 * analytics licence; the installation's `incidents` feature is checked in the service).
 */
const READ = { $all: { permission: "analytics::manage_incidents", licence: "analytics" } } as const;
const WRITE = { $all: { writePermission: "analytics::manage_incidents", licence: "analytics" } } as const;

export const IncidentSeverityEnum = builder.enumType("IncidentSeverity", { values: INCIDENT_SEVERITIES });
const IncidentStatusEnum = builder.enumType("IncidentStatus", { values: INCIDENT_STATUSES });
export const IncidentSubjectEnum = builder.enumType("IncidentSubject", { values: INCIDENT_SUBJECTS });
const IncidentFilterEnum = builder.enumType("IncidentFilter", { values: INCIDENT_FILTERS });

const IncidentTargetType = builder.objectRef<IncidentTargetView>("IncidentTarget").implement({
  description: "The device an incident is about (a system tree node).",
  fields: (t) => ({
    id: t.exposeInt("id"),
    name: t.exposeString("name"),
    kind: t.exposeString("kind"),
    text_short: t.exposeString("text_short"),
    text_long: t.exposeString("text_long"),
  }),
});

const IncidentCheckpointType = builder.objectRef<IncidentCheckpointView>("IncidentCheckpoint").implement({
  description: "The checkpoint a Defect is about when the checkpoint reported its defect flag (located by number, as the controller names it).",
  fields: (t) => ({
    number: t.exposeInt("number"),
    id: t.exposeInt("id", { nullable: true, description: "The configured checkpoint; null when no checkpoint map places that number." }),
    text: t.exposeString("text", { nullable: true }),
  }),
});

const IncidentUserType = builder.objectRef<{ id: number; name: string }>("IncidentUser").implement({
  fields: (t) => ({ id: t.exposeInt("id"), name: t.exposeString("name") }),
});

const IncidentMonitorType = builder.objectRef<IncidentMonitorView>("IncidentMonitor").implement({
  description:
    "A probable-defect monitor: a device with at least `threshold` calls of the call type `criterion` names within `timeframe` hours is probably defective.",
  fields: (t) => ({
    id: t.exposeInt("id"),
    name: t.exposeString("name"),
    criterion: t.exposeString("criterion", { description: "0x and hex digits (spec §5), the call type's id." }),
    threshold: t.exposeInt("threshold"),
    timeframe: t.exposeInt("timeframe", { description: "Hours." }),
  }),
});

const IncidentType = builder.objectRef<IncidentView>("Incident").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    severity: t.field({ type: IncidentSeverityEnum, resolve: (i) => i.severity }),
    status: t.field({ type: IncidentStatusEnum, resolve: (i) => i.status }),
    subject: t.field({ type: IncidentSubjectEnum, resolve: (i) => i.subject }),
    created_at: t.exposeString("created_at"),
    assigned_at: t.exposeString("assigned_at", { nullable: true }),
    closed_at: t.exposeString("closed_at", { nullable: true }),
    notifications_paused_until: t.exposeString("notifications_paused_until", {
      nullable: true,
      description: "spec: Assigned pauses notifications for some time (one shift); null when they are not paused.",
    }),
    user: t.field({
      type: IncidentUserType,
      nullable: true,
      description: "Who it is assigned to.",
      resolve: (i, _args, ctx) => incidentUser(ctx, i.user_id),
    }),
    closed_by: t.field({
      type: IncidentUserType,
      nullable: true,
      description: "Who closed it; null when it closed because the device recovered.",
      resolve: (i, _args, ctx) => incidentUser(ctx, i.closed_by_user_id),
    }),
    target: t.field({
      type: IncidentTargetType,
      nullable: true,
      description: "The device; null when the call system reported a device the configuration does not hold.",
      resolve: (i, _args, ctx) => incidentTarget(ctx, i),
    }),
    call_id: t.int({
      nullable: true,
      description:
        "A Defect's call (the latest defect call of the device), for the call form; null for other subjects, when the call log no longer holds it, or when the viewer may not read calls (calllog::use_module or analytics::use_module).",
      resolve: (i, _args, ctx) => incidentCallId(ctx, i),
    }),
    checkpoint: t.field({
      type: IncidentCheckpointType,
      nullable: true,
      description: "The checkpoint of a Defect raised by its defect flag (then `target` is null).",
      resolve: (i, _args, ctx) => incidentCheckpoint(ctx, i),
    }),
    monitor: t.field({
      type: IncidentMonitorType,
      nullable: true,
      description: "The monitor that raised a ProbableDefect.",
      resolve: (i, _args, ctx) => incidentMonitor(ctx, i),
    }),
  }),
});

builder.queryField("incidents", (t) =>
  t.field({
    type: [IncidentType],
    description: "The system's incidents, newest first. filter: All, Open (New or Assigned), Settled (Closed).",
    authScopes: READ,
    args: {
      filter: t.arg({ type: IncidentFilterEnum }),
      subject: t.arg({ type: IncidentSubjectEnum }),
      severity: t.arg({ type: IncidentSeverityEnum }),
      node_id: t.arg.int(),
      limit: t.arg.int(),
      offset: t.arg.int(),
    },
    resolve: (_root, args, ctx) => listIncidents(ctx, args),
  }),
);

builder.queryField("incident", (t) =>
  t.field({
    type: IncidentType,
    authScopes: READ,
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => getIncident(ctx, args.id),
  }),
);

builder.mutationField("assignIncident", (t) =>
  t.field({
    type: IncidentType,
    description: "New → Assigned (to user_id, else the caller); notifications pause. CONFLICT when it is assigned already or closed.",
    authScopes: WRITE,
    args: { id: t.arg.int({ required: true }), user_id: t.arg.int() },
    resolve: (_root, args, ctx) => assignIncident(ctx, args.id, args.user_id),
  }),
);

builder.mutationField("closeIncident", (t) =>
  t.field({
    type: IncidentType,
    description: "New or Assigned → Closed. CONFLICT when closed already.",
    authScopes: WRITE,
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => closeIncident(ctx, args.id),
  }),
);

builder.mutationField("reopenIncident", (t) =>
  t.field({
    type: IncidentType,
    description: "Closed → New. CONFLICT when it is not closed, or another incident of the device and subject is open.",
    authScopes: WRITE,
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => reopenIncident(ctx, args.id),
  }),
);

const IncidentMonitorInput = builder.inputType("IncidentMonitorInput", {
  fields: (t) => ({
    name: t.string(),
    criterion: t.string(),
    threshold: t.int(),
    timeframe: t.int(),
  }),
});

builder.queryField("incidentMonitors", (t) =>
  t.field({
    type: [IncidentMonitorType],
    description: "The system's probable-defect monitors, by name.",
    authScopes: READ,
    resolve: (_root, _args, ctx) => listMonitors(ctx),
  }),
);

builder.mutationField("createIncidentMonitor", (t) =>
  t.field({
    type: IncidentMonitorType,
    authScopes: WRITE,
    args: { data: t.arg({ type: IncidentMonitorInput, required: true }) },
    resolve: (_root, args, ctx) => createMonitor(ctx, args.data),
  }),
);

builder.mutationField("updateIncidentMonitor", (t) =>
  t.field({
    type: IncidentMonitorType,
    authScopes: WRITE,
    args: { id: t.arg.int({ required: true }), data: t.arg({ type: IncidentMonitorInput, required: true }) },
    resolve: (_root, args, ctx) => updateMonitor(ctx, args.id, args.data),
  }),
);

builder.mutationField("deleteIncidentMonitor", (t) =>
  t.field({
    type: IncidentMonitorType,
    description: "Deletes the monitor; its open incidents close at the next evaluation.",
    authScopes: WRITE,
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => deleteMonitor(ctx, args.id),
  }),
);
