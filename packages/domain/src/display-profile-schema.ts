import { z } from "zod";
import { DISPLAY_GROUPS_PER_SCHEDULE } from "./constants.ts";
import { FONT_SIZES } from "./display-profile.ts";
import { LOCALES } from "./rules/locale.ts";
import { VALIDATION_KEYS, requiredString } from "./validation-messages.ts";

// Apart from display-profile.ts: the display board reads its constants, and a schema built at
// module level would pull zod into the board (only the settings drawer validates).

const groupId = z.number().int().min(-1).max(255).nullable().optional().default(null);
const slotGroups = (period: "weekday" | "weekend") =>
  Object.fromEntries(Array.from({ length: DISPLAY_GROUPS_PER_SCHEDULE }, (_, i) => [`${period}_display_group_${i + 1}_id`, groupId]));

export const displayProfileSettingSchema = z
  .object({
    system_id: z.number().int().min(1).max(99),
    weekday_schedule_id: z.number().int().min(1).max(255).nullable().optional().default(null),
    weekend_schedule_id: z.number().int().min(1).max(255).nullable().optional().default(null),
    ...slotGroups("weekday"),
    ...slotGroups("weekend"),
  })
  .strict();
export type DisplayProfileSetting = z.infer<typeof displayProfileSettingSchema>;

/** spec §5: "Display profile name required." */
export const displayProfileInputSchema = z
  .object({
    id: z.number().int().positive().optional(),
    name: requiredString().max(100, { error: VALIDATION_KEYS.max_length }),
    font_size: z.enum(FONT_SIZES).optional().default("normal"),
    fullscreen: z.boolean().optional().default(false),
    locale: z.enum(LOCALES).optional().default("de"),
    show_presences: z.boolean().optional().default(false),
    show_video_stream: z.boolean().optional().default(false),
    show_calls_from_system: z.boolean().optional().default(true),
    settings: z.array(displayProfileSettingSchema).max(99).optional().default([]),
  })
  .strict();
export type DisplayProfileInput = z.infer<typeof displayProfileInputSchema>;
