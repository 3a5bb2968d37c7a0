import type { ReactNode } from "react";
import { IconBuilding, IconDeviceMobile, IconDoor, IconFolder, IconStack2, IconTool, IconUser, type Icon } from "@tabler/icons-react";

// The seven kinds of an element (building, floor, room, device, person, group, tech).
const ICONS: Record<string, Icon> = {
  building: IconBuilding,
  floor: IconStack2,
  room: IconDoor,
  device: IconDeviceMobile,
  person: IconUser,
  group: IconFolder,
  tech: IconTool,
};

/** The kind's icon; decorative (the row names the kind for screen readers). */
export function KindIcon({ kind, size = 16 }: { kind: string; size?: number }): ReactNode {
  const Kind = ICONS[kind] ?? IconFolder;
  return <Kind size={size} aria-hidden style={{ flexShrink: 0, color: "var(--mantine-color-gray-7)" }} />;
}
