import type { ReactNode } from "react";
import { ActionIcon, Group, Text } from "@mantine/core";
import { IconBell, IconUrgent, IconUserCheck } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { demoButtonLights, type DemoButton, type DemoRoomMode, type DemoRoomState } from "@caresuite/domain";
import * as TESTIDS from "../../testids";
import type { DemoRoom } from "./demo-api";

/** The buttons in the order the spec names them, with the colours nurses know (call-types.ts). */
const BUTTONS: readonly { button: DemoButton; color: string; icon: ReactNode }[] = [
  { button: "alert", color: "yellow", icon: <IconBell size={18} /> },
  { button: "presence", color: "green", icon: <IconUserCheck size={18} /> },
  { button: "emergency", color: "red", icon: <IconUrgent size={18} /> },
];

interface RoomControlsProps {
  room: DemoRoom;
  mode: DemoRoomMode;
  /** Every state the room is in, from the live calls (the mode folds them for the buttons). */
  states: readonly DemoRoomState[];
  onPress: (room: DemoRoom, button: DemoButton) => void;
}

/** One room: its name, what is on, and the alert / presence / emergency buttons. */
export function RoomControls({ room, mode, states, onPress }: RoomControlsProps): ReactNode {
  const { t } = useTranslation();
  const lights = demoButtonLights(mode);
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      gap="xs"
      py={4}
      data-testid={TESTIDS.demo.room}
      data-room={room.name}
      data-device={room.device_id}
      data-mode={mode}
      data-states={states.join(" ")}
    >
      <div>
        <Text size="sm" fw={500}>
          {room.name}
        </Text>
        <Text size="xs" c={states.length === 0 ? "gray.7" : states.includes("emergency") ? "red.9" : undefined} data-testid={TESTIDS.demo.roomStatus}>
          {states.length === 0 ? t("demo.modes.off") : states.map((state) => t(`demo.modes.${state}`)).join(" · ")}
        </Text>
      </div>
      <Group gap={6} wrap="nowrap">
        {BUTTONS.map(({ button, color, icon }) => {
          const label = t("demo.buttons.aria", { button: t(`demo.buttons.${button}`), room: room.name });
          return (
            <ActionIcon
              key={button}
              size="lg"
              radius="xl"
              color={color}
              variant={lights[button] ? "filled" : "default"}
              aria-label={label}
              title={label}
              aria-pressed={lights[button]}
              onClick={() => onPress(room, button)}
              data-testid={TESTIDS.demo.button(button)}
              data-active={lights[button]}
            >
              {icon}
            </ActionIcon>
          );
        })}
      </Group>
    </Group>
  );
}
