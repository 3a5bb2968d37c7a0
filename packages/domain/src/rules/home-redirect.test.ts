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
    ['"to the user\'s configured homepage if set"', buildUser({ homepage: "/admin/users", permissions: ["systemtree::use_module"] }), full, false, "/admin/users"],
    ["homepage without leading slash", buildUser({ homepage: "log" }), full, false, "/log"],
    ["blank homepage counts as unset", buildUser({ homepage: "  ", permissions: ["calllog::use_module"] }), full, false, "/log"],
    ['"else to the tree if the user may use the systemtree module"', buildUser({ permissions: ["systemtree::use_module", "calllog::use_module"] }), full, false, "/tree"],
    ['"... or see display group overrides"', buildUser({ permissions: ["systemtree::see_display_group_overrides"] }), full, false, "/tree"],
    ["superuser goes to the tree", buildSuperuser(), full, false, "/tree"],
    ['"else to analytics if the analytics module is allowed"', buildUser({ permissions: ["analytics::use_module", "calllog::use_module"] }), full, false, "/analytics"],
    ["analytics without its licence is not allowed", buildUser({ permissions: ["analytics::use_module", "calllog::use_module"] }), noAnalytics, false, "/log"],
    ['"else to the log if the call log module is allowed"', buildUser({ permissions: ["calllog::use_module"] }), full, false, "/log"],
    ['"else to display"', buildUser(), full, false, "/display"],
  ])("%s", (_label, user, licence, isInstalledApp, expected) => {
    expect(homeRedirect({ user, licence, isInstalledApp })).toBe(expected);
  });
});
