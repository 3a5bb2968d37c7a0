import type { ReactNode } from "react";
import {
  IconAntenna,
  IconBed,
  IconBuilding,
  IconCategory,
  IconDeviceMobile,
  IconFolders,
  IconPlug,
  IconQuestionMark,
  IconRouter,
  IconStairs,
  IconTool,
  IconUser,
  type Icon,
} from "@tabler/icons-react";

/** One icon per tree node kind (spec data §3.1 "Tree node kinds"). */
const ICONS: Record<string, Icon> = {
  building: IconBuilding,
  floor: IconStairs,
  section: IconCategory,
  group: IconFolders,
  room: IconBed,
  person: IconUser,
  device: IconDeviceMobile,
  radio: IconAntenna,
  repeater: IconRouter,
  wired: IconPlug,
  tech: IconTool,
};

export function NodeKindIcon({ kind, size = 18 }: { kind: string; size?: number }): ReactNode {
  const Kind = ICONS[kind] ?? IconQuestionMark;
  return <Kind size={size} aria-hidden />;
}
