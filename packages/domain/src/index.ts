// Public API of @caresuite/domain: the pure rules shared by server and web.
export * from "./version.ts";
export * from "./constants.ts";
export * from "./permissions.ts";
export * from "./auth-user.ts";
export * from "./licence.ts";
export * from "./app-state.ts";
export * from "./routes.ts";
export * from "./validation.ts";
export * from "./rules/commit.ts";
export * from "./rules/route-guard.ts";
export * from "./rules/home-redirect.ts";
export * from "./rules/navigation.ts";
export * from "./rules/setup.ts";
export * from "./rules/live-socket.ts";
export * from "./rules/system-context.ts";
export * from "./rules/locale.ts";
export * from "./rules/update.ts";
