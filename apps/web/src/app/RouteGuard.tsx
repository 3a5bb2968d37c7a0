import { useEffect, useMemo, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { findRouteChain, guardRoute, isCommitting, type GuardResult } from "@caresuite/domain";
import { serverNow } from "../api/status";
import { notify } from "../ui/notify";
import { useAppData } from "./providers/AppDataProvider";
import { hasScreen } from "./screens";

const ALLOW: GuardResult = { kind: "allow" };

/**
 * The one route guard: the domain decides (spec "Route guards"), this component carries the
 * decision out. Nothing of a refused route renders while the redirect happens.
 */
export function RouteGuard({ children }: { children: ReactNode }): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const { data } = useAppData();
  const { user, licence, appState, globalAppSettings } = data;

  const decision = useMemo((): GuardResult => {
    const chain = findRouteChain(pathname);
    if (!chain) return ALLOW;
    return guardRoute(chain, `${pathname}${search}${hash}`, {
      user,
      licence,
      committing: isCommitting(appState.committing_gets_config, new Date(serverNow())),
      demoMode: appState.features.demo_mode,
      appSubscriptionsEnabled: globalAppSettings?.subscriptions_enabled === true,
      hasScreen,
    });
  }, [pathname, search, hash, user, licence, appState, globalAppSettings]);

  useEffect(() => {
    if (decision.kind !== "redirect") return;
    if (decision.accessDenied) {
      notify({ type: "error", title: t("accessDenied.title"), text: t("accessDenied.text") });
    }
    navigate(decision.to, { replace: true });
    // `t` is left out on purpose: a language switch must not repeat the notification.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [decision, navigate]);

  return decision.kind === "allow" ? children : null;
}
