import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { isLoggedIn, resolveLocale } from "@caresuite/domain";
import type { AppData } from "../../api/app-data";
import { loadAppData } from "../../api/app-data-loader";
import { changeLocale, currentLocale, i18n, storedLocale } from "../../i18n";
import { notify } from "../../ui/notify";
import { PageLoader } from "../../ui/PageLoader";
import * as TESTIDS from "../../testids";
import { AppDataError } from "./AppDataError";
import { useSystemContext } from "./SystemProvider";

interface AppDataContextValue {
  data: AppData;
  /** Reloads AppData (after login, logout and setup steps); resolves with the new data. */
  refetch: () => Promise<AppData | null>;
}

const AppDataContext = createContext<AppDataContextValue | null>(null);

export function useAppData(): AppDataContextValue {
  const value = useContext(AppDataContext);
  if (!value) throw new Error("useAppData outside AppDataProvider");
  return value;
}

type LoadState = { status: "loading" } | { status: "failed" } | { status: "ready"; data: AppData };

/**
 * Holds AppData for the whole app. Nothing renders before the first answer, so guards and
 * screens always see real user, licence and app state. A failed first load shows a retry
 * screen; a failed reload keeps the last good data.
 */
export function AppDataProvider({ children }: { children: ReactNode }): ReactNode {
  const { systemId, switchSystem } = useSystemContext();
  const [state, setState] = useState<LoadState>({ status: "loading" });
  const localeApplied = useRef(false);

  // Per system (spec §4: switching the system "refetches app data"): a new refetch reloads.
  const refetch = useCallback(async () => {
    const data = await loadAppData(() => notify({ type: "error", title: i18n.t("appData.errorTitle"), text: i18n.t("appData.errorText") }));
    setState((previous) => {
      if (data) return { status: "ready", data };
      return previous.status === "ready" ? previous : { status: "failed" };
    });
    return data;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- systemId is the reload trigger
  }, [systemId]);

  useEffect(() => {
    void refetch();
  }, [refetch]);

  const data = state.status === "ready" ? state.data : null;

  // spec: locale "from a locale query parameter, otherwise from local storage, otherwise from
  // the user's locale" - the user's locale is only known once AppData arrived.
  useEffect(() => {
    if (!data || localeApplied.current) return;
    localeApplied.current = true;
    const query = new URLSearchParams(window.location.search).get("locale");
    const locale = resolveLocale(query, storedLocale(), isLoggedIn(data.user) ? data.user.locale : null);
    if (locale !== currentLocale()) void changeLocale(locale);
  }, [data]);

  // spec §4: "The current system is set to the first available one if the stored one is not
  // available."
  useEffect(() => {
    if (!data || data.systems.length === 0) return;
    if (!data.systems.some((system) => system.id === systemId)) {
      const first = data.systems[0];
      if (first) switchSystem(first.id);
    }
  }, [data, systemId, switchSystem]);

  const value = useMemo(() => (data ? { data, refetch } : null), [data, refetch]);

  if (state.status === "failed") {
    return <AppDataError onRetry={() => void refetch()} />;
  }
  if (!value) return <PageLoader testId={TESTIDS.appData.loading} />;
  return <AppDataContext.Provider value={value}>{children}</AppDataContext.Provider>;
}
