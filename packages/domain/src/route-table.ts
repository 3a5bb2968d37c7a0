import type { LicenceFeature } from "./licence.ts";
import { ANY_MARKER } from "./permissions.ts";

/**
 * One route of the spec's route table. Top-level paths are absolute, children's paths relative
 * to their parent. `:name` is a parameter, `:name?` an optional one.
 */
export interface RouteDef {
  path: string;
  name?: string;
  /** All of them, or any of the rest when the first entry is ANY_MARKER. */
  permissions?: readonly string[];
  licences?: readonly LicenceFeature[];
  /** Login needed unless false. spec: "an auth flag (login needed unless the flag is false)". */
  auth?: boolean;
  /** Where the route itself (not its children) redirects; `:param` is filled from the match. */
  redirect?: string;
  /** The route itself goes to its first child the user may access. */
  firstChildRedirect?: boolean;
  /** Rendered as a modal over its parent. spec: "Modal routes stack." */
  modal?: boolean;
  children?: RouteDef[];
  superuserOnly?: boolean;
  /** Parameters that match digits only (e.g. `/tree/view/:id (digits)`). */
  numericParams?: readonly string[];
  /** spec: "subscriptions ... only if subscriptions are enabled in app settings". */
  requiresAppSubscriptions?: boolean;
}

const EDIT = "edit/:id?";

/** A list page with an edit modal (and optionally a sort modal) below it. */
function list(
  path: string,
  permissions: readonly string[],
  extra: { name?: string; sort?: boolean; edit?: boolean; licences?: readonly LicenceFeature[]; sortSuperuserOnly?: boolean } = {},
): RouteDef {
  const children: RouteDef[] = [];
  if (extra.edit !== false) children.push({ path: EDIT, modal: true });
  if (extra.sort === true) {
    children.push({ path: "sort", modal: true, ...(extra.sortSuperuserOnly === true ? { superuserOnly: true } : {}) });
  }
  return {
    path,
    permissions,
    ...(extra.name === undefined ? {} : { name: extra.name }),
    ...(extra.licences === undefined ? {} : { licences: extra.licences }),
    ...(children.length > 0 ? { children } : {}),
  };
}

const MANAGE_SYSTEM = ["admin::manage_system"] as const;

const TREE_CHILDREN: RouteDef[] = [
  { path: EDIT, name: "systemTreeNodeForm", modal: true },
  { path: "edit/:nodeid/flightprofiles/:id?", permissions: ["admin::manage_flightprofiles"], modal: true },
  { path: "edit/:nodeid/calls/:id?", modal: true },
  // The table lists /tree/audit; the optional id carries the node for systemTreeNodeAuditLog.
  { path: "audit/:id?", name: "systemTreeNodeAuditLog", permissions: ["admin::see_auditlog"], modal: true },
  { path: "sort", modal: true },
  {
    path: "connections",
    permissions: ["systemtree::manage_devices"],
    children: [{ path: EDIT, modal: true }],
  },
  { path: "overview", redirect: "/tree" },
];

const APP_CHILDREN: RouteDef[] = [
  { path: "subscriptions", permissions: ["app::manage_subscriptions"], requiresAppSubscriptions: true },
  { path: "statistic", permissions: ["app::see_statistic"] },
  {
    path: "groups",
    permissions: ["app::manage_user_groups"],
    children: [
      { path: EDIT, modal: true },
      { path: "displayGroups/:id?", modal: true },
    ],
  },
  list("users", ["app::manage_users"]),
  { path: "clients", permissions: ["app::manage_devices"], children: [{ path: "edit/:id", modal: true }] },
  list("displaygroups", ["app::manage_display_groups"]),
  list("notificationchannels", ["app::manage_notification_channels"]),
  { path: "settings", permissions: ["app::manage_settings"] },
];

const ADMIN_CHILDREN: RouteDef[] = [
  list("systemparams", MANAGE_SYSTEM, { name: "systemParamList" }),
  list("calltypes", MANAGE_SYSTEM, { sort: true }),
  list("schedules", MANAGE_SYSTEM),
  list("sections", MANAGE_SYSTEM),
  list("displaygroups", MANAGE_SYSTEM),
  list("checkpointmaps", MANAGE_SYSTEM, { sort: true }),
  list("mergegroups", MANAGE_SYSTEM),
  list("callsources", MANAGE_SYSTEM),
  list("callsourcegroups", MANAGE_SYSTEM),
  list("indicators", MANAGE_SYSTEM),
  list("buttons", MANAGE_SYSTEM),
  list("hubs", MANAGE_SYSTEM, { name: "hubList" }),
  list("videostreams", MANAGE_SYSTEM),
  list("alert-channels", MANAGE_SYSTEM),
  {
    path: "flightprofiles",
    permissions: ["admin::manage_flightprofiles"],
    children: [{ path: EDIT, name: "flightProfileForm", modal: true }],
  },
  list("users", ["admin::manage_users"]),
  list("roles", ["admin::manage_roles"], { sort: true, sortSuperuserOnly: true }),
  list("displaynotes", ["admin::manage_display_notes"], { sort: true }),
  list("gets-cloud", ["admin::manage_backups"], { edit: false }),
  list("backups", ["admin::manage_backups"], { edit: false, licences: ["management"] }),
  list("ldap", MANAGE_SYSTEM, { edit: false, licences: ["management"] }),
  list("tunnel", MANAGE_SYSTEM, { edit: false, licences: ["management"] }),
  list("logs", MANAGE_SYSTEM, { edit: false, licences: ["management"] }),
  // Not in the spec's table (its texts name a licence screen of the system area): activating a
  // licence needs admin::manage_system, like activateLicense outside the setup; no licence, so an
  // unlicensed site can be licensed (docs/decisions/044-cleanup-logs-maintenance.md).
  list("license", MANAGE_SYSTEM, { edit: false }),
  // The spec names "updates" in the system area without a route: like its siblings (docs/decisions/043).
  list("updates", MANAGE_SYSTEM, { edit: false, licences: ["management"] }),
  { path: "maintenance" },
  { path: "settings" },
  list("defects", [ANY_MARKER, "admin::manage_system", "calllog::see_defects"], { edit: false }),
  list("reports", ["admin::manage_reports"], { licences: ["analytics"] }),
];

const INCIDENT_CHILDREN: RouteDef[] = [
  { path: "notifications", modal: true },
  { path: "notifications/user/:id?", modal: true },
  { path: "systemtree/:id?", modal: true },
  { path: "call/:id?", modal: true },
  { path: ":id", modal: true, numericParams: ["id"] },
];

/**
 * The spec's route table (screens-routes-roles §2) as data. Order matters: the first matching
 * route wins, so specific paths come before the ones that would swallow them.
 */
export const ROUTES: RouteDef[] = [
  { path: "/login", name: "login", auth: false },
  { path: "/auth/set-password", name: "set-password" },
  { path: "/setup", name: "setup", auth: false },
  { path: "/demo", name: "demo", auth: false },
  { path: "/", redirect: "/home", auth: false },
  // Public: homeRedirect itself sends user id 0 to login.
  { path: "/home", name: "homepage", auth: false },
  { path: "/no-access", name: "accessDenied", auth: false },
  {
    path: "/display/:slug?",
    name: "display",
    auth: false,
    // spec: "Only logged-in users can open call forms".
    children: [{ path: "call/:id", name: "displayCallForm", modal: true }],
  },
  { path: "/tree/view/:id", numericParams: ["id"], redirect: "/tree?view=:id" },
  // spec: "/tree/displaygroupoverrides (+ /edit/:id?) | systemtree::see_display_group_overrides;
  // edit needs systemtree::manage_display_group_overrides". Its own entry, not a child of /tree:
  // a child would also need /tree's systemtree::use_module, yet the spec sends a user who may
  // only "see display group overrides" to the tree area (Home redirect, Overview).
  {
    path: "/tree/displaygroupoverrides",
    name: "displayGroupOverrides",
    permissions: ["systemtree::see_display_group_overrides"],
    children: [{ path: EDIT, permissions: ["systemtree::manage_display_group_overrides"], modal: true }],
  },
  { path: "/tree", name: "treeView", permissions: ["systemtree::use_module"], children: TREE_CHILDREN },
  {
    path: "/log",
    name: "log",
    permissions: ["calllog::use_module"],
    children: [
      {
        path: "filters",
        modal: true,
        children: [
          { path: "edit/:filterId?/user/:id?", modal: true },
          { path: EDIT, modal: true },
        ],
      },
      { path: EDIT, name: "callForm", modal: true },
    ],
  },
  {
    path: "/analytics/incidents",
    name: "incidentsList",
    permissions: ["analytics::manage_incidents"],
    licences: ["analytics"],
    children: INCIDENT_CHILDREN,
  },
  {
    path: "/analytics",
    name: "analytics",
    permissions: ["analytics::use_module"],
    licences: ["analytics"],
    children: [
      { path: "systemtree/edit/:id?", modal: true },
      { path: "call/edit/:id?", modal: true },
    ],
  },
  { path: "/sync", name: "sync", permissions: ["systemtree::sync"] },
  {
    path: "/appmanagement",
    name: "appManagement",
    permissions: ["app::use_module"],
    licences: ["app"],
    firstChildRedirect: true,
    children: APP_CHILDREN,
  },
  {
    path: "/admin",
    name: "admin",
    permissions: ["admin::use_module"],
    firstChildRedirect: true,
    children: ADMIN_CHILDREN,
  },
  {
    path: "/pwa",
    name: "pwa",
    redirect: "/pwa/overview",
    children: [
      { path: "overview", name: "pwaOverview" },
      { path: "incidents", name: "pwaIncidents", permissions: ["analytics::manage_incidents"] },
      { path: "calls", name: "pwaCalls" },
      {
        path: "system",
        name: "pwaSystem",
        permissions: ["systemtree::use_module"],
        children: [{ path: EDIT, modal: true }],
      },
      { path: "sync", name: "pwaSync", permissions: ["systemtree::sync"] },
    ],
  },
  { path: "*", name: "notFound", auth: false },
];
