import type { ReactNode } from "react";
import { Alert, Box, Group, Paper, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconBell, IconSwitchHorizontal } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { textColorOn } from "@caresuite/domain";
import * as TESTIDS from "../../testids";
import { clockTime } from "./display-board";
import type { DisplayNote, DisplayRelations } from "./display.graphql";

/** A discreet sign that the board is live. */
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

/**
 * spec: "Empty state: a bell icon and text; in fullscreen a clock (HH:mm) and the long date."
 * With presences beside it, "no open calls" would read as if nothing were happening:
 * the board then says that no call waits and that staff are in rooms.
 */
export function EmptyBoard({ fullscreen, now, presences = 0 }: { fullscreen: boolean; now: number; presences?: number }): ReactNode {
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
        <Box bg={presences > 0 ? "green.0" : "blue.0"} c={presences > 0 ? "green.9" : "blue.8"} p="md" style={{ borderRadius: "50%", display: "flex" }}>
          <IconBell size={32} aria-hidden />
        </Box>
        <Text fw={600} fz="lg" data-testid={TESTIDS.display.emptyTitle}>
          {presences > 0 ? t("display.emptyPresencesTitle") : t("display.emptyTitle")}
        </Text>
        <Text c="gray.7" ta="center">
          {presences > 0 ? t("display.emptyPresencesText", { count: presences }) : t("display.emptyText")}
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

/**
 * "an unknown profile slug shows a visible notice ... before or while it falls back".
 * Stays until dismissed: a wall screen with a mistyped address must say so to whoever walks by.
 */
export function ProfileNotFound({ slug, profile, onDismiss }: { slug: string; profile: string | null; onDismiss: () => void }): ReactNode {
  const { t } = useTranslation();
  return (
    <Alert
      color="yellow"
      variant="light"
      mb="md"
      icon={<IconAlertTriangle size={20} />}
      withCloseButton
      closeButtonLabel={t("display.dismiss")}
      onClose={onDismiss}
      role="status"
      data-testid={TESTIDS.display.profileNotFound}
    >
      <Text fw={600}>{profile === null ? t("display.profileNotFound", { slug }) : t("display.profileNotFoundShowing", { slug, profile })}</Text>
    </Alert>
  );
}

type BoardOverride = DisplayRelations["display_group_overrides"][number];

/**
 * The enabled display group overrides this board is part of (docs/decisions/022): staff across
 * the corridor must see that calls of another ward show here, or that this ward's go elsewhere.
 * Sized with the board (em), in the colour of a notice, not of an alarm, with text at 4.5:1 at least.
 */
/** Amber: a notice, not an alarm (red is for emergencies, IEC 60601-1-8); its text colour from the board's contrast rule. */
const OVERRIDE_COLOUR = "#F08C00";

export function OverrideBanner({ overrides, groups }: { overrides: readonly BoardOverride[]; groups: DisplayRelations["display_groups"] }): ReactNode {
  const { t } = useTranslation();
  if (overrides.length === 0) return null;
  const groupName = (id: number): string => groups.find((g) => g.id === id)?.name ?? `#${id}`;
  return (
    <Alert
      variant="filled"
      mb="md"
      icon={<IconSwitchHorizontal size={28} aria-hidden />}
      role="status"
      data-testid={TESTIDS.display.overrideBanner}
      data-count={overrides.length}
      // The board's size, not the alert's small print: sizes below are relative to the board's text.
      styles={{
        root: { background: OVERRIDE_COLOUR, color: textColorOn(OVERRIDE_COLOUR) },
        icon: { color: textColorOn(OVERRIDE_COLOUR) },
        message: { fontSize: "inherit", color: textColorOn(OVERRIDE_COLOUR) },
      }}
    >
      <Stack gap={4}>
        {overrides.map((o) => (
          <Box key={o.id}>
            <Text fw={700} fz="1.4em" lh={1.2}>
              {t("display.overrideActive", { name: o.name })}
            </Text>
            <Text fz="1.1em">{t("display.overrideRoute", { from: groupName(o.section_display_group_id), to: groupName(o.systemtree_display_group_id) })}</Text>
          </Box>
        ))}
      </Stack>
    </Alert>
  );
}
