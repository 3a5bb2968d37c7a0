import type { RouteObject } from "react-router";
import type { RouteHandle } from "../../../app/route-handle";
import { addCataloguePart } from "../../../i18n";
import { ADMIN_CATALOGUE } from "../../../i18n/admin-catalogue";
import { NOTIFICATION_CATALOGUE } from "./notification-catalogue";
import { NotificationSettingsPage } from "./NotificationSettingsPage";

const handle: RouteHandle = { titleKey: "incidentNotifications.title" };

/**
 * spec route table: "/analytics/incidents | analytics::manage_incidents and analytics licence |
 * children: … notifications, notifications/user/:id?". Pages of their own until the incidents
 * list exists to hold them; the guard checks them against the route table all the same.
 */
export function incidentNotificationRoutes(): RouteObject[] {
  return [
    { id: "incidentNotifications", path: "analytics/incidents/notifications", element: <NotificationSettingsPage />, handle },
    {
      id: "incidentNotificationsUser",
      path: "analytics/incidents/notifications/user/:id?",
      element: <NotificationSettingsPage chooseUser />,
      handle,
    },
  ];
}

/** Loads the texts (the form's shared ones too), then gives the routes. */
export async function loadIncidentNotificationRoutes(): Promise<RouteObject[]> {
  await Promise.all([addCataloguePart(NOTIFICATION_CATALOGUE), addCataloguePart(ADMIN_CATALOGUE)]);
  return incidentNotificationRoutes();
}
