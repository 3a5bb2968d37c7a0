import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { registerNavigator } from "../api/navigation";
import { lazyPage } from "./lazy-page";
import { RootLayout } from "./RootLayout";
import type { RouteHandle } from "./route-handle";

const LoginPage = lazyPage(() => import("../features/auth/LoginPage"), "LoginPage");
const SetPasswordPage = lazyPage(() => import("../features/auth/SetPasswordPage"), "SetPasswordPage");
const SetupPage = lazyPage(() => import("../features/setup/SetupPage"), "SetupPage");
const MainLayout = lazyPage(() => import("../features/shell/MainLayout"), "MainLayout");
const HomeRedirect = lazyPage(() => import("../features/shell/HomeRedirect"), "HomeRedirect");
const NoAccessPage = lazyPage(() => import("../features/shell/NoAccessPage"), "NoAccessPage");
const NotFoundPage = lazyPage(() => import("../features/shell/NotFoundPage"), "NotFoundPage");
const SyncPage = lazyPage(() => import("../features/sync/SyncPage"), "SyncPage");

function handle(value: RouteHandle): RouteHandle {
  return value;
}

/**
 * The routes whose screens exist so far; the guard reads the full route table from the domain,
 * so unbuilt routes still get their permission checks and land on the not-found page.
 */
export const appRoutes: RouteObject[] = [
  {
    id: "root",
    element: <RootLayout />,
    children: [
      { path: "login", element: <LoginPage />, handle: handle({ titleKey: "login.title" }) },
      {
        path: "auth/set-password",
        element: <SetPasswordPage />,
        handle: handle({ titleKey: "setPassword.title" }),
      },
      { path: "setup", element: <SetupPage />, handle: handle({ titleKey: "setup.title" }) },
      {
        id: "main",
        element: <MainLayout />,
        children: [
          { index: true, element: <Navigate to="/home" replace /> },
          { path: "home", element: <HomeRedirect />, handle: handle({ titleKey: "home.title" }) },
          { path: "no-access", element: <NoAccessPage />, handle: handle({ titleKey: "accessDenied.title" }) },
          { path: "sync", element: <SyncPage />, handle: handle({ titleKey: "sync.title" }) },
          { path: "*", element: <NotFoundPage />, handle: handle({ titleKey: "notFound.title" }) },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(appRoutes);

registerNavigator((to, options) => {
  void router.navigate(to, options);
});
