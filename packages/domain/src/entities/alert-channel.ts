import { bool, defineEntity, oneOf, text } from "./define.ts";
import { ALERT_CHANNEL_CATEGORIES, ALERT_CHANNEL_CLASSES } from "./enums.ts";
import { requiredWhen } from "./entity-rules.ts";

/**
 * spec data §3.7 "Alert channel: name, category, class, outbound_enabled, outbound_url,
 * outbound_can_reply, supports_phone_calls". Not system-scoped: the app gateway is one per
 * installation (app state "app_gateway_system_id"), and its channels with it.
 */
export const alertChannel = defineEntity({
  name: "alertChannel",
  plural: "alertChannels",
  table: "alert_channels",
  route: "alert-channels",
  systemScoped: false,
  permission: "admin::manage_system",
  displayField: "name",
  fields: {
    name: text({ required: true, max: 50, list: true, search: true, unique: true }),
    // spec: "Alert channel category: care, tech; class: alert, critical, info."
    category: oneOf(ALERT_CHANNEL_CATEGORIES, { default: "care", list: true }),
    class: oneOf(ALERT_CHANNEL_CLASSES, { default: "alert", list: true }),
    outbound_enabled: bool({ list: true }),
    // spec: "url (must start with http:// or https://)"
    outbound_url: text({ max: 255, format: "url" }),
    outbound_can_reply: bool(),
    supports_phone_calls: bool(),
  },
  // Outbound delivery needs somewhere to deliver to.
  rules: [requiredWhen("outbound_url", "outbound_enabled")],
});
