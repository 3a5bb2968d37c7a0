import type { ReactNode } from "react";
import { Box, Group, Paper, ScrollArea, Stack, Text } from "@mantine/core";
import { useElementSize } from "@mantine/hooks";
import { IconDeviceMobile } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import * as TESTIDS from "../../testids";
import { APP_PREVIEWS, PHONE_SIZE, callsForPreview, previewScale, type AppPreview } from "./app-previews";
import { CallCard } from "./CallCard";
import type { DemoCall } from "./demo.graphql";
import { useServerClock } from "../../ui/useServerClock";

const GAP = 16;

/** One user's phone, drawn at its real size and scaled down as a whole to fit. */
function PhonePreview({ preview, calls, now, scale }: { preview: AppPreview; calls: DemoCall[]; now: number; scale: number }): ReactNode {
  const { t } = useTranslation();
  const received = callsForPreview(calls, preview);
  return (
    <Box w={PHONE_SIZE.width * scale} h={PHONE_SIZE.height * scale} data-testid={TESTIDS.demo.preview} data-preview={preview.id} data-scale={scale}>
      <Paper
        withBorder
        shadow="sm"
        radius={28}
        p="sm"
        w={PHONE_SIZE.width}
        h={PHONE_SIZE.height}
        style={{ transform: `scale(${scale})`, transformOrigin: "top left", borderWidth: 6 }}
        role="group"
        aria-label={t(preview.labelKey)}
      >
        <Stack gap="xs" h="100%">
          <Group gap={6} wrap="nowrap">
            <IconDeviceMobile size={18} aria-hidden />
            <div>
              <Text fw={700} size="sm">
                {t(preview.labelKey)}
              </Text>
              <Text size="xs" c="gray.7">
                {t(`demo.app.scopes.${preview.id}`)}
              </Text>
            </div>
          </Group>
          <ScrollArea flex={1} type="auto">
            {received.length === 0 ? (
              <Text size="sm" c="gray.7" ta="center" mt="xl" data-testid={TESTIDS.demo.previewEmpty}>
                {t("demo.app.empty")}
              </Text>
            ) : (
              <Stack gap={6}>
                {received.map((call) => (
                  <CallCard key={call.id} call={call} now={now} compact />
                ))}
              </Stack>
            )}
          </ScrollArea>
        </Stack>
      </Paper>
    </Box>
  );
}

/** The "App" tab: spec "a preview of three users' app views. Preview scale is capped at 1." */
export function AppPreviews({ calls }: { calls: DemoCall[] }): ReactNode {
  const { t } = useTranslation();
  const now = useServerClock();
  const { ref, width, height } = useElementSize();
  const columnWidth = (width - GAP * (APP_PREVIEWS.length - 1)) / APP_PREVIEWS.length;
  const scale = previewScale({ width: Math.max(0, columnWidth), height });
  return (
    <Stack gap="sm">
      <Text size="sm" c="gray.7">
        {t("demo.app.hint")}
      </Text>
      <Box ref={ref} h="calc(100vh - 190px)" mih={240}>
        <Group gap={GAP} wrap="nowrap" align="flex-start" justify="center">
          {APP_PREVIEWS.map((preview) => (
            <PhonePreview key={preview.id} preview={preview} calls={calls} now={now} scale={scale} />
          ))}
        </Group>
      </Box>
    </Stack>
  );
}
