import { defineEntity, oneOf, text } from "./define.ts";
import { HUB_STATUSES } from "./enums.ts";

/**
 * spec data §3.8 "Hub: name, ip, username, password, status, last_sync". Status and last sync are
 * reported by the hub (server-set, not in the form); app state lists "outdated_hubs (id, name,
 * last_sync)".
 */
export const hub = defineEntity({
  name: "hub",
  plural: "hubs",
  table: "hubs",
  route: "hubs",
  systemScoped: true,
  permission: "admin::manage_system",
  displayField: "name",
  fields: {
    name: text({ required: true, max: 50, list: true, search: true, unique: true }),
    // spec: "ip (IPv4 only)"; one hub per address.
    ip: text({ required: true, max: 15, format: "ipv4", list: true, search: true, unique: true }),
    // As for the configurator, spec: "username (default admin)".
    username: text({ required: true, max: 50, default: "admin" }),
    // Write-only. Not required: an update without it keeps the stored password (server).
    password: text({ max: 255, secret: true }),
    status: oneOf(HUB_STATUSES, { default: "Unknown", list: true, form: false }),
    last_sync: text({ max: 40, format: "datetime", list: true, form: false }),
  },
});
