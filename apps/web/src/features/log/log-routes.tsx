import type { ComponentType } from "react";
import type { RouteObject } from "react-router";
import { modalRoute } from "../../app/ModalRoute";
import type { RouteHandle } from "../../app/route-handle";
import { addCataloguePart } from "../../i18n";
import { EXPORTS_CATALOGUE } from "../../i18n/exports-catalogue";
import { ADMIN_CATALOGUE } from "../../i18n/admin-catalogue";
import { LOG_CATALOGUE } from "./log-catalogue";
import { FilterFormPage } from "./filters/FilterFormPage";
import { FiltersPage } from "./filters/FiltersPage";
import { SubscriptionsPage } from "./filters/SubscriptionsPage";
import { LogPage } from "./LogPage";

const handle: RouteHandle = { titleKey: "log.title" };

/**
 * /log and its call form (spec route table: "/log | calllog::use_module | children: ...
 * /log/edit/:id?"; route name callForm). The form (`CallForm`, the display feature's call page)
 * is composed in by the router, since one feature does not import another; it renders as a
 * modal over the list, also when /log/edit/:id is opened directly (a multi-system board opens it
 * in a new tab). Saved filters (/log/filters, docs/decisions/023) open as a modal over the log,
 * their form and report subscriptions as modals over that list. The guard checks every path
 * against the route table (calllog::use_module); another user's subscriptions also need
 * admin::manage_reports, checked by the page and the server.
 */
export function logRoutes(CallForm: ComponentType): RouteObject[] {
  return [
    {
      id: "log",
      path: "log",
      element: <LogPage />,
      handle,
      children: [
        modalRoute({ id: "callForm", path: "edit/:id", titleKey: "display.callForm.title", size: "lg", Component: CallForm }),
        modalRoute({
          id: "log-filters",
          path: "filters",
          titleKey: "logFilters.title",
          size: "xl",
          phoneFullScreen: true,
          Component: FiltersPage,
          children: [
            modalRoute({
              id: "log-filter-subscriptions",
              path: "edit/:filterId?/user/:id?",
              titleKey: "logFilters.subscriptionsTitle",
              size: "lg",
              phoneFullScreen: true,
              Component: SubscriptionsPage,
            }),
            modalRoute({
              id: "log-filter-edit",
              path: "edit/:id?",
              titleKey: "logFilters.formTitle",
              size: "lg",
              phoneFullScreen: true,
              Component: FilterFormPage,
            }),
          ],
        }),
      ],
    },
  ];
}

/** Loads the log texts, then gives the routes (the router patches them in on the first visit). */
export async function loadLogRoutes(CallForm: ComponentType): Promise<RouteObject[]> {
  // The saved filter forms share the admin forms' texts (entityForm: saved, delete, errors).
  await Promise.all([addCataloguePart(LOG_CATALOGUE), addCataloguePart(ADMIN_CATALOGUE), addCataloguePart(EXPORTS_CATALOGUE)]);
  return logRoutes(CallForm);
}
