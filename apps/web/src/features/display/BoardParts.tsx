import type { ReactNode } from "react";
import { Box, Group, Paper, Stack, Text } from "@mantine/core";
import { IconBell } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { TESTIDS } from "../../testids";
import { clockTime } from "./display-board";
import type { DisplayNote } from "./display.graphql";

/** A discreet sign that the board is live (issue 5 item 7). */
export function LiveDot(): ReactNode {
  const { t } = useTranslation();
  return (
    <Group gap={6} data-testid={TESTIDS.display.live} aria-live="polite">
      <Box w={10} h={10} bg="green.7" style={{ borderRadius: "50%" }} />
      <Text fz="0.8em" c="gray.7">
        {t("display.live")}
      </Text>
    </Group>
  );
}

/** spec: "Empty state: a bell icon and text; in fullscreen a clock (HH:mm) and the long date." */
export function EmptyBoard({ fullscreen, now }: { fullscreen: boolean; now: number }): ReactNode {
  const { t, i18n } = useTranslation();
  return (
    <Stack align="center" gap="md" py="xl" data-testid={TESTIDS.display.empty}>
      {fullscreen && (
        <Stack align="center" gap={0} data-testid={TESTIDS.display.clock}>
          <Text fz="5em" fw={700} lh={1} style={{ fontVariantNumeric: "tabular-nums" }}>
            {clockTime(now, false)}
          </Text>
          <Text fz="1.5em" c="gray.7">
            {new Intl.DateTimeFormat(i18n.language, { dateStyle: "full" }).format(now)}
          </Text>
        </Stack>
      )}
      {/* Mantine's EmptyState look, built from parts the board loads anyway (150 KB budget). */}
      <Stack align="center" gap="xs">
        <Box bg="blue.0" c="blue.8" p="md" style={{ borderRadius: "50%", display: "flex" }}>
          <IconBell size={32} aria-hidden />
        </Box>
        <Text fw={600} fz="lg">
          {t("display.emptyTitle")}
        </Text>
        <Text c="gray.7" ta="center">
          {t("display.emptyText")}
        </Text>
      </Stack>
    </Stack>
  );
}

/** spec: "a notes column of 320 px on screens 1100 px or wider when display notes exist." */
export function NotesColumn({ notes }: { notes: DisplayNote[] }): ReactNode {
  const { t } = useTranslation();
  return (
    <Stack component="aside" aria-label={t("display.notes")} w={320} gap="sm" style={{ flexShrink: 0 }} data-testid={TESTIDS.display.notes}>
      {notes.map((note) => (
        <Paper key={note.id} withBorder p="sm" radius="md" data-testid={TESTIDS.display.note} style={{ borderLeft: `6px solid ${note.color || "#fab005"}` }}>
          <Text fw={700}>{note.title}</Text>
          <Text fz="0.9em" style={{ whiteSpace: "pre-wrap" }}>
            {note.text}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
