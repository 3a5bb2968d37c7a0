import { useEffect, useMemo, useState, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { findRouteChain, guardRoute, isCommitting, type GuardResult } from "@caresuite/domain";
import { serverNow } from "../api/status";
import { notify } from "../ui/notify";
import { useAppData } from "./providers/AppDataProvider";
import { hasScreen } from "./screens";
import { useConfigSync } from "./shell/useConfigSync";

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
  const { commitStart } = useConfigSync();

  // spec: "While a configuration commit runs, navigation to any route other than display, sync or
  // login is sent to sync". Navigation, not the commit starting: whether a commit runs is read when
  // the location changes and kept for it, so a commit that starts later leaves the open screen
  // alone (the commit popup covers it) instead of sending it away.
  const locationKey = `${pathname}${search}${hash}`;
  const [latched, setLatched] = useState(() => ({ key: locationKey, committing: isCommitting(commitStart, new Date(serverNow())) }));
  if (latched.key !== locationKey) setLatched({ key: locationKey, committing: isCommitting(commitStart, new Date(serverNow())) });
  const committing = latched.key === locationKey ? latched.committing : isCommitting(commitStart, new Date(serverNow()));

  const decision = useMemo((): GuardResult => {
    const chain = findRouteChain(pathname);
    if (!chain) return ALLOW;
    return guardRoute(chain, `${pathname}${search}${hash}`, {
      user,
      licence,
      committing,
      demoMode: appState.features.demo_mode,
      appSubscriptionsEnabled: globalAppSettings?.subscriptions_enabled === true,
      hasScreen,
    });
  }, [pathname, search, hash, user, licence, appState, globalAppSettings, committing]);

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
