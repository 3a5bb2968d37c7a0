// The controller protocol (docs/protocol.md): the one definition the virtual call system serves
// and the server's call-system adapter speaks.
export * from "./config.ts";
export * from "./events.ts";
export * from "./requests.ts";
export * from "./config-diff.ts";
