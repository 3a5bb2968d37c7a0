import { defineEntity, refs, text } from "./define.ts";
import { notSame } from "./entity-rules.ts";

/**
 * spec data §3.4 "Video stream: name, url, trigger_start, trigger_stop". The triggers are call
 * types: a call of a start type opens the stream on displays (system message "videostream, action
 * start adds the url, otherwise removes it"), one of a stop type closes it. Lists, since a door
 * camera typically starts on several call types (bell, emergency).
 */
export const videoStream = defineEntity({
  name: "videoStream",
  plural: "videoStreams",
  table: "video_streams",
  route: "videostreams",
  systemScoped: true,
  permission: "admin::manage_system",
  displayField: "name",
  fields: {
    name: text({ required: true, max: 50, list: true, search: true, unique: true }),
    // spec: "url (must start with http:// or https://)"
    url: text({ required: true, max: 255, format: "url", list: true }),
    trigger_start: refs("callType", { required: true, list: true }),
    trigger_stop: refs("callType", { list: true }),
  },
  // spec "cannot_be_same": one call type cannot both start and stop the stream.
  rules: [notSame("trigger_start", "trigger_stop")],
});
