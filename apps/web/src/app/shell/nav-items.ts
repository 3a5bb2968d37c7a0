import type { ComponentType } from "react";
import { IconAdjustments, IconApps, IconChartBar, IconDeviceDesktop, IconListDetails, IconSitemap } from "@tabler/icons-react";
import { routePathByName, type NavItemId } from "@caresuite/domain";

export interface NavItemView {
  labelKey: string;
  to: string;
  Icon: ComponentType<{ size?: number; "aria-hidden"?: boolean }>;
}

/** Label, target and icon of each navigation item; targets by route name, never by literal path. */
export const NAV_ITEMS: Record<NavItemId, NavItemView> = {
  overview: { labelKey: "nav.overview", to: routePathByName("treeView"), Icon: IconSitemap },
  analytics: { labelKey: "nav.analytics", to: routePathByName("analytics"), Icon: IconChartBar },
  log: { labelKey: "nav.log", to: routePathByName("log"), Icon: IconListDetails },
  display: { labelKey: "nav.display", to: routePathByName("display"), Icon: IconDeviceDesktop },
  app: { labelKey: "nav.app", to: routePathByName("appManagement"), Icon: IconApps },
  admin: { labelKey: "nav.admin", to: routePathByName("admin"), Icon: IconAdjustments },
};

/** Whether `pathname` lies in the section an item leads to (for the active highlight). */
export function isNavItemActive(to: string, pathname: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}
