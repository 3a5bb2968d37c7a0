import { INCIDENT_NOTIFICATION_STATES } from "@caresuite/domain";
import { builder } from "../../graphql/builder.ts";
import { IncidentSeverityEnum, IncidentSubjectEnum } from "./incidents.graphql.ts";
import {
  incidentNotificationSettings,
  saveIncidentNotificationSettings,
  type IncidentNotificationDeliveryView,
  type IncidentNotificationSettingsView,
} from "./incident-notifications.service.ts";

/**
 * Incident e-mail settings (routes /analytics/incidents/notifications and notifications/user/:id?,
 * docs/decisions/039): analytics::manage_incidents and the analytics licence, like the incidents;
 * another user's need admin::manage_users besides (checked in the service).
 */
const READ = { $all: { permission: "analytics::manage_incidents", licence: "analytics" } } as const;
const WRITE = { $all: { writePermission: "analytics::manage_incidents", licence: "analytics" } } as const;

const StateEnum = builder.enumType("IncidentNotificationState", {
  description: "spec: sent, confirmed, opened, error, unknown; queued, sending, retrying before the mail server answered.",
  values: INCIDENT_NOTIFICATION_STATES,
});
const KindEnum = builder.enumType("IncidentNotificationKind", { values: ["raised", "reminder"] as const });

const SubscriptionType = builder.objectRef<IncidentNotificationSettingsView["subscriptions"][number]>("IncidentNotificationSubscription").implement({
  description: "One ticked cell of the subject × severity grid.",
  fields: (t) => ({
    subject: t.field({ type: IncidentSubjectEnum, resolve: (s) => s.subject }),
    severity: t.field({ type: IncidentSeverityEnum, resolve: (s) => s.severity }),
  }),
});

const DeliveryType = builder.objectRef<IncidentNotificationDeliveryView>("IncidentNotificationDelivery").implement({
  description: "One incident e-mail to the user.",
  fields: (t) => ({
    id: t.exposeInt("id"),
    incident_id: t.exposeInt("incident_id"),
    subject: t.field({ type: IncidentSubjectEnum, resolve: (d) => d.subject }),
    severity: t.field({ type: IncidentSeverityEnum, resolve: (d) => d.severity }),
    kind: t.field({ type: KindEnum, description: "raised (or rose in severity), reminder (the pause after Assigned ended).", resolve: (d) => d.kind }),
    device: t.exposeString("device"),
    status: t.field({ type: StateEnum, resolve: (d) => d.status }),
    last_error: t.exposeString("last_error", { nullable: true, description: "smtp:<failure class>, no_address, interrupted or internal." }),
    attempts: t.exposeInt("attempts"),
    created_at: t.exposeString("created_at"),
    sent_at: t.exposeString("sent_at", { nullable: true }),
  }),
});

const SettingsType = builder.objectRef<IncidentNotificationSettingsView>("IncidentNotificationSettings").implement({
  description: "Which incidents send a user an e-mail, where it goes, and the recent deliveries in this system.",
  fields: (t) => ({
    user_id: t.exposeInt("user_id"),
    name: t.exposeString("name"),
    emails: t.exposeStringList("emails"),
    subscriptions: t.field({ type: [SubscriptionType], resolve: (s) => s.subscriptions }),
    deliveries: t.field({ type: [DeliveryType], resolve: (s) => s.deliveries }),
  }),
});

const SubscriptionInput = builder.inputType("IncidentNotificationSubscriptionInput", {
  fields: (t) => ({ subject: t.string({ required: true }), severity: t.string({ required: true }) }),
});

const SettingsInput = builder.inputType("IncidentNotificationSettingsInput", {
  fields: (t) => ({
    user_id: t.int({ description: "Whose; empty: the caller's. Another user's need admin::manage_users at write." }),
    subscriptions: t.field({ type: [SubscriptionInput], required: true }),
  }),
});

builder.queryField("incidentNotificationSettings", (t) =>
  t.field({
    type: SettingsType,
    description: "A user's incident e-mail settings (default: the caller's); another user's need admin::manage_users.",
    authScopes: READ,
    args: { user_id: t.arg.int() },
    resolve: (_root, args, ctx) => incidentNotificationSettings(ctx, args),
  }),
);

builder.mutationField("saveIncidentNotificationSettings", (t) =>
  t.field({
    type: SettingsType,
    description: "Replaces the user's grid (subject × severity cells that send an e-mail).",
    authScopes: WRITE,
    args: { data: t.arg({ type: SettingsInput, required: true }) },
    resolve: (_root, args, ctx) => saveIncidentNotificationSettings(ctx, args.data),
  }),
);
