// The controller protocol (docs/protocol.md): the one definition the virtual call system serves
// and the server's call-system adapter speaks.
export * from "./config.ts";
export * from "./events.ts";
export * from "./requests.ts";
export * from "./config-diff.ts";
// The publish validation: the controller runs it at its "validating" step, the server before it
// sends (one implementation, so both name the same record with the same words).
export * from "./validate/publish-error.ts";
export * from "./validate/validate-config.ts";
export * from "./validate/check-publish-text.ts";
