/**
 * The incident notification screen's test ids. Not in testids.ts: that file is part of the /login
 * bundle, whose budget (bench/skeleton.ts) has no room left.
 */
export const NOTIFICATION_TESTIDS = {
  page: "incidentNotifications.page",
  user: "incidentNotifications.user",
  emails: "incidentNotifications.emails",
  noAddress: "incidentNotifications.noAddress",
  grid: "incidentNotifications.grid",
  /** One checkbox per cell. */
  cell: (subject: string, severity: string): string => `incidentNotifications.cell.${subject}.${severity}`,
  save: "incidentNotifications.save",
  deliveries: "incidentNotifications.deliveries",
  /** One row per delivery, with `data-status`. */
  delivery: "incidentNotifications.delivery",
  denied: "incidentNotifications.denied",
} as const;
