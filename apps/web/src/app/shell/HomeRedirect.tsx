import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { homeRedirect } from "@caresuite/domain";
import { useAppData } from "../../app/providers/AppDataProvider";
import { hasScreen } from "../../app/screens";
import { NotFoundPage } from "./NotFoundPage";

/** spec: "(display-mode: standalone)" is how an installed web app (PWA) is recognised. */
function isInstalledApp(): boolean {
  return window.matchMedia?.("(display-mode: standalone)").matches === true;
}

/** /home: sends the user on (spec "Home redirect"). */
export function HomeRedirect(): ReactNode {
  const { data } = useAppData();
  const target = homeRedirect({ user: data.user, licence: data.licence, isInstalledApp: isInstalledApp(), hasScreen });
  // A homepage configured as /home (or an external URL) would loop or leave the app.
  if (target === "/home" || target === "/" || target.includes("://")) return <NotFoundPage />;
  return <Navigate to={target} replace />;
}
