import { createBrowserRouter, Navigate, type PatchRoutesOnNavigationFunction, type RouteObject } from "react-router";
import { registerNavigator } from "../api/navigation";
import { PageLoader } from "../ui/PageLoader";
import { FullPageLoad } from "./FullPageLoad";
import { lazyPage } from "./lazy-page";
import { RootLayout } from "./RootLayout";
import type { RouteHandle } from "./route-handle";
import { registerRouteSource } from "./screens";

// Every screen but sign-in needs the GraphQL client; /login loads without it.
const GraphqlLayout = lazyPage(() => import("./GraphqlLayout"), "GraphqlLayout");
const LoginPage = lazyPage(() => import("../features/auth/LoginPage"), "LoginPage");
const SetPasswordPage = lazyPage(() => import("../features/auth/SetPasswordPage"), "SetPasswordPage");
const SetupPage = lazyPage(() => import("../features/setup/SetupPage"), "SetupPage");
// The shell and its texts load together (shell/main-layout-module.ts).
const MainLayout = lazyPage(async () => (await import("./shell/main-layout-module")).loadMainLayout(), "MainLayout");
const HomeRedirect = lazyPage(() => import("./shell/HomeRedirect"), "HomeRedirect");
const NoAccessPage = lazyPage(() => import("./shell/NoAccessPage"), "NoAccessPage");
const NotFoundPage = lazyPage(() => import("./shell/NotFoundPage"), "NotFoundPage");
// The sync page and its texts load together (features/sync/sync-module.ts).
const SyncPage = lazyPage(async () => (await import("../features/sync/sync-module")).loadSyncPage(), "SyncPage");
// The demo page and its texts load together (features/demo/demo-module.ts).
const DemoPage = lazyPage(async () => (await import("../features/demo/demo-module")).loadDemoPage(), "DemoPage");

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
    // Shown while a lazily patched section (see LAZY_SECTIONS) loads on the very first page.
    hydrateFallbackElement: <PageLoader />,
    children: [
      { path: "login", element: <LoginPage />, handle: handle({ titleKey: "login.title" }) },
      // The public display board is its own page (display.html, app/DisplayApp.tsx).
      { path: "display/:slug?", element: <FullPageLoad /> },
      { path: "display/:slug?/call/:id", element: <FullPageLoad /> },
      {
        id: "graphql",
        element: <GraphqlLayout />,
        children: [
          {
            path: "auth/set-password",
            element: <SetPasswordPage />,
            handle: handle({ titleKey: "setPassword.title" }),
          },
          { path: "setup", element: <SetupPage />, handle: handle({ titleKey: "setup.title" }) },
          { path: "demo", element: <DemoPage />, handle: handle({ titleKey: "demo.title" }) },
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
    ],
  },
];

/**
 * Sections whose route tree is itself code-split: it is built from data the entry must not carry
 * (the admin area loops over the entity registry), so it is patched in on the first navigation
 * below its prefix. Until then such paths match the catch-all, which makes react-router ask.
 */
interface LazySection {
  prefix: string;
  /** Further paths the section builds that count as screens before it is patched in (home redirect, navigation). */
  screens?: readonly string[];
  parentId: string;
  load: () => Promise<RouteObject[]>;
}

const LAZY_SECTIONS: LazySection[] = [
  {
    prefix: "/admin",
    parentId: "main",
    load: async () => (await import("../features/admin/admin-routes")).loadAdminRoutes(),
  },
  {
    // The tree and the node form are separate features: their routes meet here, the form's modal
    // routes (edit/:id?, ...) rendered over the tree.
    prefix: "/tree",
    // Where Home and Overview send a user who may only see display group overrides.
    screens: ["/tree/displaygroupoverrides"],
    parentId: "main",
    load: async () => {
      const [tree, form] = await Promise.all([import("../features/tree/tree-routes"), import("../features/node-form/node-form-routes")]);
      return tree.loadTreeRoutes(form.nodeFormRoutes());
    },
  },
  {
    // The call log and its call form (spec "callForm (id, query system)", the display feature's
    // call page, texts included): /log/edit/:id renders as a modal over the list, also when a
    // multi-system board opens it directly in a new tab.
    prefix: "/log",
    parentId: "main",
    load: async () => {
      const [log, calls] = await Promise.all([import("../features/log/log-routes"), import("../features/display/calls-module")]);
      const { CallFormPage } = await calls.loadCallFormPage();
      return log.loadLogRoutes(CallFormPage);
    },
  },
  {
    // Analytics and its drill-downs (app/analytics-section.ts).
    prefix: "/analytics",
    parentId: "main",
    load: async () => (await import("./analytics-section")).loadAnalyticsSection(),
  },
];

const sectionLoads = new Map<LazySection, Promise<RouteObject[]>>();
const patchedSections = new Set<LazySection>();

function sectionOf(path: string): LazySection | undefined {
  return LAZY_SECTIONS.find((s) => path === s.prefix || path.startsWith(`${s.prefix}/`));
}

/** The section's routes, loaded once (a navigation and a preload share the download). */
function loadSection(section: LazySection): Promise<RouteObject[]> {
  let load = sectionLoads.get(section);
  if (!load) {
    load = section.load();
    sectionLoads.set(section, load);
    // A failed chunk download may be retried by the next navigation.
    load.catch(() => sectionLoads.delete(section));
  }
  return load;
}

function preloadSection(path: string): void {
  const section = sectionOf(path);
  if (section) loadSection(section).catch(() => undefined);
}

const patchLazySections: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  const section = sectionOf(path);
  if (!section || patchedSections.has(section)) return;
  const routes = await loadSection(section);
  if (patchedSections.has(section)) return;
  patchedSections.add(section);
  patch(section.parentId, routes);
};

// Only a page that starts at sign-in does without the client: fetch it with the first chunk
// everywhere else, rather than after the first render.
if (window.location.pathname !== "/login") void GraphqlLayout.preload();

export const router = createBrowserRouter(appRoutes, { patchRoutesOnNavigation: patchLazySections });

registerRouteSource(
  () => router.routes,
  LAZY_SECTIONS.flatMap((s) => [s.prefix, ...(s.screens ?? [])]),
  preloadSection,
);

registerNavigator((to, options) => {
  void router.navigate(to, options);
});
