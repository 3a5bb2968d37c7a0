import { useEffect, type ReactNode } from "react";
import { Button, NavLink as MantineNavLink } from "@mantine/core";
import { Link, useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { navItemPathFor, visibleNavItems } from "@caresuite/domain";
import { useAppData } from "../../app/providers/AppDataProvider";
import { useSystemContext } from "../../app/providers/SystemProvider";
import { hasScreen, preloadScreen } from "../../app/screens";
import * as TESTIDS from "../../testids";
import { NAV_ITEMS, isNavItemActive } from "./nav-items";

/** Preloading the sections waits for an idle moment, but no longer than this after the shell shows. */
const IDLE_TIMEOUT_MS = 3000;
/** Browsers without requestIdleCallback (Safari) preload after this delay. */
const IDLE_FALLBACK_MS = 1000;

interface NavItemsProps {
  /** "bar" in the header, "menu" in the mobile menu. */
  variant: "bar" | "menu";
  onNavigate?: () => void;
}

/** The navigation items the user may see (spec "Navigation items"), header or menu style. */
export function NavItems({ variant, onNavigate }: NavItemsProps): ReactNode {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data } = useAppData();
  const { systemId } = useSystemContext();
  const ids = visibleNavItems({
    user: data.user,
    licence: data.licence,
    appState: data.appState,
    currentSystemId: systemId,
    hasScreen,
  });

  const targets = ids.map((id) => navItemPathFor(id, data.user)).join(" ");
  // The sections behind the items load once the browser is idle, so a click waits for data only.
  useEffect(() => {
    const paths = targets.split(" ");
    const preload = (): void => paths.forEach(preloadScreen);
    if (typeof window.requestIdleCallback !== "function") {
      const timer = window.setTimeout(preload, IDLE_FALLBACK_MS);
      return () => window.clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(preload, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }, [targets]);

  return ids.map((id) => {
    const { labelKey, Icon } = NAV_ITEMS[id];
    // Overview leads a user who may only see display group overrides to their list.
    const to = navItemPathFor(id, data.user);
    const active = isNavItemActive(NAV_ITEMS[id].to, pathname);
    if (variant === "menu") {
      return (
        <MantineNavLink
          key={id}
          component={Link}
          to={to}
          label={t(labelKey)}
          leftSection={<Icon size={18} aria-hidden />}
          active={active}
          onClick={onNavigate}
          data-testid={TESTIDS.shell.mobileNav(id)}
        />
      );
    }
    return (
      <Button
        key={id}
        component={Link}
        to={to}
        variant={active ? "light" : "subtle"}
        color={active ? undefined : "gray"}
        leftSection={<Icon size={16} aria-hidden />}
        aria-current={active ? "page" : undefined}
        data-testid={TESTIDS.shell.nav(id)}
      >
        {t(labelKey)}
      </Button>
    );
  });
}
