import { describe, expect, it } from "vitest";
import { ANONYMOUS_USER } from "../auth-user.ts";
import type { AuthUser } from "../auth-user.ts";
import type { Licence } from "../licence.ts";
import { buildLicence, buildSuperuser, buildUser } from "../test-builders.ts";
import { homeRedirect } from "./home-redirect.ts";

const full = buildLicence();
const noAnalytics = buildLicence({ features: { analytics: false } });

describe("homeRedirect", () => {
  // spec "Home redirect", one row per clause in its order.
  it.each<[string, AuthUser, Licence, boolean, string]>([
    ['"to login if the user id is 0"', ANONYMOUS_USER, full, true, "/login"],
    ['"to /pwa if running as an installed app"', buildUser({ homepage: "/log" }), full, true, "/pwa"],
    [
      '"to the user\'s configured homepage if set"',
      buildUser({ homepage: "/admin/users", permissions: ["systemtree::use_module"] }),
      full,
      false,
      "/admin/users",
    ],
    ["homepage without leading slash", buildUser({ homepage: "log" }), full, false, "/log"],
    ["blank homepage counts as unset", buildUser({ homepage: "  ", permissions: ["calllog::use_module"] }), full, false, "/log"],
    [
      '"else to the tree if the user may use the systemtree module"',
      buildUser({ permissions: ["systemtree::use_module", "calllog::use_module"] }),
      full,
      false,
      "/tree",
    ],
    // ... where the tree area's screen for them is the overrides list (/tree needs systemtree::use_module).
    [
      '"... or see display group overrides"',
      buildUser({ permissions: ["systemtree::see_display_group_overrides"] }),
      full,
      false,
      "/tree/displaygroupoverrides",
    ],
    [
      "systemtree module and overrides: the tree",
      buildUser({ permissions: ["systemtree::use_module", "systemtree::see_display_group_overrides"] }),
      full,
      false,
      "/tree",
    ],
    ["superuser goes to the tree", buildSuperuser(), full, false, "/tree"],
    [
      '"else to analytics if the analytics module is allowed"',
      buildUser({ permissions: ["analytics::use_module", "calllog::use_module"] }),
      full,
      false,
      "/analytics",
    ],
    ["analytics without its licence is not allowed", buildUser({ permissions: ["analytics::use_module", "calllog::use_module"] }), noAnalytics, false, "/log"],
    ['"else to the log if the call log module is allowed"', buildUser({ permissions: ["calllog::use_module"] }), full, false, "/log"],
    ['"else to display"', buildUser(), full, false, "/display"],
  ])("%s", (_label, user, licence, isInstalledApp, expected) => {
    expect(homeRedirect({ user, licence, isInstalledApp })).toBe(expected);
  });
});

describe("homeRedirect skips targets without a screen", () => {
  // "The home redirect ... skip[s] targets that have no screen yet, following the
  // spec's order, down to the display."
  const only =
    (...paths: string[]) =>
    (path: string): boolean =>
      paths.includes(path);
  it.each<[string, AuthUser, (path: string) => boolean, string]>([
    ["superuser without tree, analytics and log screens lands on display", buildSuperuser(), only("/display"), "/display"],
    ["superuser without a tree screen goes on to analytics", buildSuperuser(), only("/analytics", "/log"), "/analytics"],
    ["log user without a log screen lands on display", buildUser({ permissions: ["calllog::use_module"] }), only("/display"), "/display"],
    ["log user with a log screen lands on the log", buildUser({ permissions: ["calllog::use_module"] }), only("/log"), "/log"],
    ["a homepage without a screen is skipped", buildUser({ homepage: "/tree", permissions: ["calllog::use_module"] }), only("/log"), "/log"],
    ["a homepage with a screen is taken", buildUser({ homepage: "/admin/users" }), only("/admin/users"), "/admin/users"],
    ["an external homepage is no screen of ours", buildUser({ homepage: "https://example.org" }), only(), "/display"],
    ["the display is taken even when nothing else is built", buildUser(), only(), "/display"],
  ])("%s", (_label, user, hasScreen, expected) => {
    expect(homeRedirect({ user, licence: full, isInstalledApp: false, hasScreen })).toBe(expected);
  });

  it("an installed app without a /pwa screen goes on like a browser", () => {
    expect(homeRedirect({ user: buildSuperuser(), licence: full, isInstalledApp: true, hasScreen: only("/display") })).toBe("/display");
  });
});
