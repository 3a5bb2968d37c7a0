import { contrastRatio } from "@caresuite/domain";
import type { NodeBadge } from "./call-badges";

/** Used when a call type has no usable colour: by urgency (Mantine blue.8, orange.8, red.8). */
const URGENCY_HEX: Record<string, string> = { NORMAL: "#1971c2", URGENT: "#e8590c", EMERGENCY: "#e03131" };

/**
 * The badge's background (the most urgent call's type colour) and the text on it: black or white,
 * whichever contrasts more, so the count reads at 4.5:1 on any call-type colour (one of the two
 * always does).
 */
export function badgeColours(badge: Pick<NodeBadge, "color" | "urgency">): { background: string; text: string } {
  const own = badge.color && contrastRatio(badge.color, "#ffffff") !== null ? badge.color : null;
  const background = own ?? URGENCY_HEX[badge.urgency] ?? "#1971c2";
  const onBlack = contrastRatio(background, "#000000") ?? 0;
  const onWhite = contrastRatio(background, "#ffffff") ?? 0;
  return { background, text: onBlack >= onWhite ? "#000000" : "#ffffff" };
}
