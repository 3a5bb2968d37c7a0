import { useState, type ReactNode } from "react";
import { Box, EmptyState, Flex, LoadingOverlay, Tabs } from "@mantine/core";
import { IconDeviceDesktop, IconDeviceMobile, IconExternalLink, IconPlayerPause } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { pressDemoButton, demoRoomMode, type DemoButton } from "@caresuite/domain";
import { useAppData } from "../../app/providers/AppDataProvider";
import * as TESTIDS from "../../testids";
import { AppPreviews } from "./AppPreviews";
import { closeAllDemoCalls, resetDemo, sendDemoTriggers, type DemoRoom } from "./demo-api";
import { DemoHeader } from "./DemoHeader";
import { FloorPanel } from "./FloorPanel";
import { ResetDemoDialog } from "./ResetDemoDialog";
import { useDemoAction } from "./useDemoAction";
import { useDemoCalls } from "./useDemoCalls";
import { useDemoFloors } from "./useDemoFloors";
import { useDemoNodePolling } from "./useDemoNodePolling";

type DemoTab = "admin" | "app" | "visuals";

/** spec: "Tabs: management (opens admin in a new window)". */
const ADMIN_PATH = "/admin";
/** The spec embeds the fullscreen display board in the visuals tab, in the demo's language. */
const displayPath = (locale: string): string => `/display?fullscreen=1&locale=${encodeURIComponent(locale)}`;

/** /demo: the public demo screen (spec "Demo screen (German labels)"). */
export function DemoPage(): ReactNode {
  const { t, i18n } = useTranslation();
  const { data } = useAppData();
  const demoMode = data.appState.features.demo_mode;
  const floors = useDemoFloors(demoMode);
  const calls = useDemoCalls(demoMode);
  const polledCalls = useDemoNodePolling(demoMode);
  const { busy, run } = useDemoAction();
  const [tab, setTab] = useState<DemoTab>("visuals");
  const [confirmReset, setConfirmReset] = useState(false);

  if (!demoMode) {
    return (
      <EmptyState
        mt="20vh"
        icon={<IconPlayerPause size={32} />}
        withIndicatorBackground
        title={t("demo.off.title")}
        description={t("demo.off.text")}
        styles={{ description: { color: "var(--mantine-color-gray-7)" } }}
        data-testid={TESTIDS.demo.off}
      />
    );
  }

  const liveCalls = calls.status === "live" ? calls.calls : null;
  // Without the live socket, the spec's demo nodes still show what the 8-second poll read.
  const roomCalls = liveCalls ?? polledCalls;

  const press = (room: DemoRoom, button: DemoButton): void => {
    if (!roomCalls) return;
    // The state is what the call system has open right now, not what this browser last did.
    const { triggers } = pressDemoButton(demoRoomMode(roomCalls, room.device_id), button);
    void run(() => sendDemoTriggers(room.device_id, triggers));
  };

  const reset = (): void => {
    setConfirmReset(false);
    void run(
      async () => {
        await resetDemo();
        window.location.reload();
      },
      { keepBusy: true },
    );
  };

  const changeTab = (value: string | null): void => {
    if (value === "admin") {
      window.open(ADMIN_PATH, "_blank", "noopener");
      return;
    }
    if (value === "app" || value === "visuals") setTab(value);
  };

  return (
    <Box mih="100vh" data-testid={TESTIDS.demo.page} aria-busy={busy}>
      <LoadingOverlay
        visible={busy}
        pos="fixed"
        zIndex={1000}
        overlayProps={{ blur: 1 }}
        loaderProps={{ "aria-label": t("demo.busy") }}
        data-testid={TESTIDS.demo.busy}
      />
      <DemoHeader onCloseAll={() => void run(closeAllDemoCalls)} onReset={() => setConfirmReset(true)} disabled={busy} />
      <Flex direction={{ base: "column", sm: "row" }}>
        <Box
          component="nav"
          aria-label={t("demo.rooms.label")}
          w={{ base: "100%", sm: 340 }}
          p="md"
          style={{ flexShrink: 0, borderRight: "1px solid var(--mantine-color-default-border)" }}
          data-testid={TESTIDS.demo.rooms}
        >
          <FloorPanel floors={floors.state} onRetry={floors.retry} calls={roomCalls} onPress={press} />
        </Box>
        <Box component="main" flex={1} p="md" miw={0}>
          <Tabs value={tab} onChange={changeTab} keepMounted={false}>
            <Tabs.List mb="md">
              <Tabs.Tab
                value="admin"
                rightSection={<IconExternalLink size={14} aria-label={t("demo.tabs.newWindow")} />}
                data-testid={TESTIDS.demo.tab("admin")}
              >
                {t("demo.tabs.admin")}
              </Tabs.Tab>
              <Tabs.Tab value="app" leftSection={<IconDeviceMobile size={16} />} data-testid={TESTIDS.demo.tab("app")}>
                {t("demo.tabs.app")}
              </Tabs.Tab>
              <Tabs.Tab value="visuals" leftSection={<IconDeviceDesktop size={16} />} data-testid={TESTIDS.demo.tab("visuals")}>
                {t("demo.tabs.visuals")}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="app">
              <AppPreviews calls={liveCalls ?? []} />
            </Tabs.Panel>
            <Tabs.Panel value="visuals">
              <Box
                component="iframe"
                src={displayPath(i18n.language)}
                title={t("demo.visuals.frameTitle")}
                w="100%"
                h="calc(100vh - 150px)"
                mih={320}
                display="block"
                style={{ border: "1px solid var(--mantine-color-default-border)", borderRadius: "var(--mantine-radius-md)" }}
                data-testid={TESTIDS.demo.visualsFrame}
              />
            </Tabs.Panel>
          </Tabs>
        </Box>
      </Flex>
      <ResetDemoDialog opened={confirmReset} onConfirm={reset} onCancel={() => setConfirmReset(false)} />
    </Box>
  );
}
