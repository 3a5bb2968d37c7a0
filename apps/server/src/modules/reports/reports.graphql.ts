import { builder } from "../../graphql/builder.ts";
import { callFilter, callFilters, createCallFilter, deleteCallFilter, updateCallFilter, type CallFilterView } from "./call-filters.service.ts";
import { smtpMailer } from "./mailer.ts";
import {
  deleteReportSubscription,
  reportDeliveryProblems,
  reportRecipient,
  reportSubscriptions,
  saveReportSubscription,
  type ReportRecipientView,
  type ReportSubscriptionView,
} from "./report-subscriptions.service.ts";
import { sendTestMail, smtpSettings, updateSmtpSettings, type SmtpSettingsView } from "./smtp-settings.service.ts";
import { sendTechnicalReportNow } from "./technical-report-send-now.ts";

/**
 * Saved call filters, report subscriptions and the SMTP settings (spec data §3.4; routes /log/filters…).
 * Like the call log itself (route /log), the filters need calllog::use_module and no licence
 * feature; see docs/decisions/023-saved-call-filters-and-reports.md for who may change what.
 */
const READ = { permission: "calllog::use_module" } as const;
/**
 * calllog::use_module is a view code (docs/decisions/009: read is all it can give), so a user's own
 * filters and subscriptions, personal like a bookmark, need only it; changing other people's
 * needs admin::manage_reports at write (checked in the services).
 */
const WRITE = { permission: "calllog::use_module" } as const;

const CallFilterType = builder.objectRef<CallFilterView>("CallFilter").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    system_id: t.exposeInt("system_id"),
    owner_user_id: t.exposeInt("owner_user_id"),
    owner_name: t.string({
      description: "The owner's name (username when the name is empty), shown with shared filters; empty when the user is gone.",
      // A system holds a handful of filters: one small read per filter is no burden.
      resolve: async (filter, _args, ctx) => {
        const user = await ctx.db.kysely.selectFrom("users").select(["name", "username"]).where("id", "=", filter.owner_user_id).executeTakeFirst();
        return user ? user.name || user.username : "";
      },
    }),
    name: t.exposeString("name"),
    shared: t.exposeBoolean("shared", { description: "Visible to every call log user of the system (they may subscribe to it)." }),
    range: t.exposeString("range", {
      description: "A call log range (HOURS_1 … SINCE_BEGINNING, as CallLogRange) or CUSTOM with custom_from and custom_to.",
    }),
    custom_from: t.exposeString("custom_from", { nullable: true }),
    custom_to: t.exposeString("custom_to", { nullable: true }),
    call_type_ids: t.exposeIntList("call_type_ids"),
    section_ids: t.exposeIntList("section_ids"),
    node_ids: t.exposeIntList("node_ids"),
    state: t.exposeString("state", { description: "all, open or closed" }),
    min_duration: t.exposeInt("min_duration", { nullable: true, description: "Minimum call duration in seconds." }),
    can_edit: t.exposeBoolean("can_edit"),
  }),
});

const CallFilterInput = builder.inputType("CallFilterInput", {
  fields: (t) => ({
    name: t.string(),
    shared: t.boolean(),
    range: t.string(),
    custom_from: t.string(),
    custom_to: t.string(),
    call_type_ids: t.intList(),
    section_ids: t.intList(),
    node_ids: t.intList(),
    state: t.string(),
    min_duration: t.int(),
  }),
});

builder.queryField("callFilters", (t) =>
  t.field({
    type: [CallFilterType],
    description: "Saved call filters of the system: the caller's own and the shared ones, by name.",
    authScopes: READ,
    resolve: (_root, _args, ctx) => callFilters(ctx),
  }),
);

builder.queryField("callFilter", (t) =>
  t.field({
    type: CallFilterType,
    args: { id: t.arg.int({ required: true }) },
    authScopes: READ,
    resolve: (_root, args, ctx) => callFilter(ctx, args.id),
  }),
);

builder.mutationField("createCallFilter", (t) =>
  t.field({
    type: CallFilterType,
    args: { data: t.arg({ type: CallFilterInput, required: true }) },
    authScopes: WRITE,
    resolve: (_root, args, ctx) => createCallFilter(ctx, args.data),
  }),
);

builder.mutationField("updateCallFilter", (t) =>
  t.field({
    type: CallFilterType,
    description: "The owner, or a holder of admin::manage_reports.",
    args: { id: t.arg.int({ required: true }), data: t.arg({ type: CallFilterInput, required: true }) },
    authScopes: WRITE,
    resolve: (_root, args, ctx) => updateCallFilter(ctx, args.id, args.data),
  }),
);

builder.mutationField("deleteCallFilter", (t) =>
  t.field({
    type: CallFilterType,
    description: "Deletes the filter and its report subscriptions. The owner, or a holder of admin::manage_reports.",
    args: { id: t.arg.int({ required: true }) },
    authScopes: WRITE,
    resolve: (_root, args, ctx) => deleteCallFilter(ctx, args.id),
  }),
);

const ReportSubscriptionType = builder.objectRef<ReportSubscriptionView>("ReportSubscription").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    filter_id: t.exposeInt("filter_id"),
    filter_name: t.exposeString("filter_name"),
    user_id: t.exposeInt("user_id"),
    user_name: t.exposeString("user_name"),
    kind: t.exposeString("kind", { description: "daily, weekly or monthly" }),
    emails: t.exposeStringList("emails"),
    enabled: t.exposeBoolean("enabled"),
    status: t.exposeString("status", { description: "ok, sending, retrying, failed (retries used up) or unknown (interrupted while sending, not resent)" }),
    last_sent_period: t.exposeString("last_sent_period", { nullable: true, description: "yyyy-MM-dd of the first day of the last period sent" }),
    last_sent_at: t.exposeString("last_sent_at", { nullable: true }),
    last_error: t.exposeString("last_error", {
      nullable: true,
      description: "A failure class: smtp:timeout, smtp:connection, smtp:auth, smtp:tls, smtp:rejected, smtp:not_configured, access:…, interrupted",
    }),
    attempts: t.exposeInt("attempts"),
    next_attempt_at: t.exposeString("next_attempt_at", { nullable: true }),
    next_send_at: t.exposeString("next_send_at", { nullable: true }),
  }),
});

const ReportSubscriptionInput = builder.inputType("ReportSubscriptionInput", {
  fields: (t) => ({
    filter_id: t.int(),
    user_id: t.int(),
    kind: t.string(),
    emails: t.stringList(),
    enabled: t.boolean(),
  }),
});

builder.queryField("reportSubscriptions", (t) =>
  t.field({
    type: [ReportSubscriptionType],
    description: "A user's report subscriptions (default: the caller's); another user's need admin::manage_reports.",
    args: { filter_id: t.arg.int(), user_id: t.arg.int() },
    authScopes: READ,
    resolve: (_root, args, ctx) => reportSubscriptions(ctx, args),
  }),
);

const ReportRecipientType = builder.objectRef<ReportRecipientView>("ReportRecipient").implement({
  description: "A user as a report recipient: the addresses their reports may go to.",
  fields: (t) => ({
    user_id: t.exposeInt("user_id"),
    name: t.exposeString("name"),
    emails: t.exposeStringList("emails"),
  }),
});

builder.queryField("reportRecipient", (t) =>
  t.field({
    type: ReportRecipientType,
    description: "The addresses a user's reports may go to (default: the caller's); another user's need admin::manage_reports.",
    args: { user_id: t.arg.int() },
    authScopes: READ,
    resolve: (_root, args, ctx) => reportRecipient(ctx, args),
  }),
);

builder.queryField("reportDeliveryProblems", (t) =>
  t.field({
    type: [ReportSubscriptionType],
    description: "Reports of the system whose last delivery failed, is being retried or was interrupted.",
    authScopes: { permission: "admin::manage_reports" },
    resolve: (_root, _args, ctx) => reportDeliveryProblems(ctx),
  }),
);

builder.mutationField("saveReportSubscription", (t) =>
  t.field({
    type: ReportSubscriptionType,
    description: "Creates or updates the subscription of (filter, user, kind). Addresses must be the user's own.",
    args: { data: t.arg({ type: ReportSubscriptionInput, required: true }) },
    authScopes: WRITE,
    resolve: (_root, args, ctx) => saveReportSubscription(ctx, args.data),
  }),
);

builder.mutationField("deleteReportSubscription", (t) =>
  t.field({
    type: ReportSubscriptionType,
    args: { id: t.arg.int({ required: true }) },
    authScopes: WRITE,
    resolve: (_root, args, ctx) => deleteReportSubscription(ctx, args.id),
  }),
);

const SmtpSettingsType = builder.objectRef<SmtpSettingsView>("SmtpSettings").implement({
  description: "Mail server for scheduled reports. The password never leaves the server: has_password tells whether one is stored.",
  fields: (t) => ({
    host: t.exposeString("host"),
    port: t.exposeInt("port"),
    security: t.exposeString("security", { description: "tls (implicit, port 465), starttls (required) or none" }),
    user: t.exposeString("user"),
    has_password: t.exposeBoolean("has_password"),
    from: t.exposeString("from"),
  }),
});

const SmtpSettingsInput = builder.inputType("SmtpSettingsInput", {
  fields: (t) => ({
    host: t.string(),
    port: t.int(),
    security: t.string(),
    user: t.string(),
    password: t.string({ description: "Empty keeps the stored password (to be typed again when host or port change)." }),
    from: t.string(),
  }),
});

const TestMailResult = builder.objectRef<{ ok: boolean; failure: string | null }>("TestMailResult").implement({
  fields: (t) => ({
    ok: t.exposeBoolean("ok"),
    failure: t.exposeString("failure", { nullable: true, description: "not_configured, timeout, connection, tls, auth, rejected or unknown" }),
  }),
});

builder.queryField("smtpSettings", (t) =>
  t.field({ type: SmtpSettingsType, authScopes: { permission: "admin::manage_system" }, resolve: (_root, _args, ctx) => smtpSettings(ctx) }),
);

builder.mutationField("updateSmtpSettings", (t) =>
  t.field({
    type: SmtpSettingsType,
    args: { data: t.arg({ type: SmtpSettingsInput, required: true }) },
    authScopes: { writePermission: "admin::manage_system" },
    resolve: (_root, args, ctx) => updateSmtpSettings(ctx, args.data),
  }),
);

/** The interactive test waits at most this long per SMTP step. */
const TEST_MAIL_TIMEOUT_MS = 15_000;

builder.mutationField("sendTestMail", (t) =>
  t.field({
    type: TestMailResult,
    description: "Sends a test message with the saved SMTP settings; a failure answers with its class, never the server's text.",
    args: { to: t.arg.string({ required: true }) },
    authScopes: { writePermission: "admin::manage_system" },
    resolve: (_root, args, ctx) => sendTestMail(ctx, smtpMailer(TEST_MAIL_TIMEOUT_MS), args.to),
  }),
);

builder.mutationField("sendTechnicalReportNow", (t) =>
  t.field({
    type: TestMailResult,
    description: "Sends a saved technical report at once (its latest period) without touching its schedule; a failure answers with its class.",
    args: { id: t.arg.int({ required: true }) },
    authScopes: { $all: { writePermission: "admin::manage_reports", licence: "analytics" } },
    resolve: (_root, args, ctx) => sendTechnicalReportNow(ctx, smtpMailer(TEST_MAIL_TIMEOUT_MS), args.id),
  }),
);
