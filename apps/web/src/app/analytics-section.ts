import type { RouteObject } from "react-router";

/**
 * The /analytics section: the analytics routes with the call form (the display feature's) and the
 * node form composed in as their drill-down modals (spec /analytics children call/edit/:id?,
 * systemtree/edit/:id?), and the incident screens at /analytics/incidents (features/incidents) with
 * the same two forms at systemtree/:id and call/:id. Its own module, loaded by the router on the first visit, so that the
 * composition stays out of the entry chunk (the /login budget, bench/skeleton.ts).
 */
export async function loadAnalyticsSection(): Promise<RouteObject[]> {
  const [analytics, incidents, calls, nodeForm, notifications] = await Promise.all([
    import("../features/analytics/analytics-routes"),
    import("../features/incidents/incidents-routes"),
    import("../features/display/calls-module"),
    import("../features/node-form/node-form-module"),
    import("../features/incidents/notifications/notification-routes"),
  ]);
  const [{ CallFormPage }, { NodeFormPage }] = await Promise.all([calls.loadCallFormPage(), nodeForm.loadNodeFormPage()]);
  const [chartRoutes, incidentRoutes, notificationRoutes] = await Promise.all([
    analytics.loadAnalyticsRoutes(CallFormPage, NodeFormPage),
    incidents.loadIncidentsRoutes(CallFormPage, NodeFormPage),
    notifications.loadIncidentNotificationRoutes(),
  ]);
  // /analytics/incidents/notifications and …/user/:id? (docs/decisions/039) before the list's /:id.
  return [...notificationRoutes, ...incidentRoutes, ...chartRoutes];
}
