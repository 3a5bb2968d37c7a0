import type { ReactNode } from "react";
import { Alert, Button, Center, Divider, Loader, ScrollArea, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { demoRoomMode, demoRoomStates, type DemoButton, type DemoOpenCall } from "@caresuite/domain";
import * as TESTIDS from "../../testids";
import type { DemoRoom } from "./demo-api";
import { RoomControls } from "./RoomControls";
import type { DemoFloorsState } from "./useDemoFloors";

interface FloorPanelProps {
  floors: DemoFloorsState;
  onRetry: () => void;
  /** The open calls the rooms read (live, or polled); null until the first list arrived (the buttons wait for it). */
  calls: readonly DemoOpenCall[] | null;
  onPress: (room: DemoRoom, button: DemoButton) => void;
}

/** spec: "A left panel lists floors 1. OG and 2. OG with per-room controls for alert, presence, emergency". */
export function FloorPanel({ floors, onRetry, calls, onPress }: FloorPanelProps): ReactNode {
  const { t } = useTranslation();
  if (floors.status === "failed") {
    return (
      <Alert color="orange" icon={<IconAlertTriangle size={18} />} title={t("demo.rooms.errorTitle")} data-testid={TESTIDS.demo.roomsError}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t("demo.rooms.errorText")}</Text>
          <Button size="xs" variant="light" onClick={onRetry} data-testid={TESTIDS.demo.roomsRetry}>
            {t("demo.rooms.retry")}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (floors.status === "loading" || calls === null) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label={t("demo.rooms.loading")} />
      </Center>
    );
  }
  if (!floors.floors.some((floor) => floor.rooms.length > 0)) {
    // Right after a start the tree may still be on its way from the call system (asked again).
    return (
      <Stack gap="xs" align="flex-start" data-testid={TESTIDS.demo.roomsEmpty}>
        <Text size="sm" c="gray.7">
          {t("demo.rooms.empty")}
        </Text>
        <Button size="xs" variant="light" onClick={onRetry}>
          {t("demo.rooms.retry")}
        </Button>
      </Stack>
    );
  }
  return (
    <ScrollArea.Autosize mah={{ base: 320, sm: "calc(100vh - 90px)" }} type="auto" offsetScrollbars>
      <Stack gap="lg">
        {floors.floors.map((floor) => (
          <section key={floor.id} aria-label={floor.name} data-testid={TESTIDS.demo.floor} data-floor={floor.name}>
            <Title order={2} size="h5" mb={4}>
              {floor.name}
            </Title>
            <Stack gap={0}>
              {floor.rooms.map((room, index) => (
                <div key={room.id}>
                  {index > 0 && <Divider />}
                  <RoomControls room={room} mode={demoRoomMode(calls, room.device_id)} states={demoRoomStates(calls, room.device_id)} onPress={onPress} />
                </div>
              ))}
            </Stack>
          </section>
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}
