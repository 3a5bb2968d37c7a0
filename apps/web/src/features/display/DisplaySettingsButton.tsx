import { lazy, Suspense, useState, type ReactNode } from "react";
import { ActionIcon } from "@mantine/core";
import { IconSettings } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { isLoggedIn } from "@caresuite/domain";
import { createStore, useStore } from "../../api/store";
import { useAppData } from "../../app/providers/AppDataProvider";
import * as TESTIDS from "../../testids";
import type { DisplayProfile } from "./display.graphql";

/**
 * Whether the drawer is open. Outside React state on purpose: the board remounts when the profile
 * changes (switching the profile in the drawer), and the drawer must stay open across that.
 */
const settingsOpened = createStore(false);

/** Opens the display settings (spec: the no-systems callout's action "opens display settings"). */
export function openDisplaySettings(): void {
  settingsOpened.set(true);
}

export function closeDisplaySettings(): void {
  settingsOpened.set(false);
}

// Loaded on the first opening: anonymous wall screens never download the editor.
const DisplaySettingsDrawer = lazy(() => import("./DisplaySettingsDrawer").then((m) => ({ default: m.DisplaySettingsDrawer })));

/**
 * The header's settings button and its drawer. spec: "Header (not in fullscreen): a settings
 * button (logged-in only)"; "Only logged-in users can ... see display settings". So anonymous
 * visitors get neither; a logged-in user without display.manage_display_profiles sees the drawer
 * read-only (URL, profile switch), since Save, create and delete need that permission.
 */
export function DisplaySettingsButton({ profile }: { profile: DisplayProfile | null }): ReactNode {
  const { t } = useTranslation();
  const { data } = useAppData();
  const opened = useStore(settingsOpened);
  // Mounted from the first opening on, so closing can animate.
  const [wanted, setWanted] = useState(opened);
  if (opened && !wanted) setWanted(true);
  if (!isLoggedIn(data.user)) return null;
  return (
    <>
      <ActionIcon
        title={t("display.settings.open")}
        variant="default"
        size="lg"
        aria-label={t("display.settings.open")}
        onClick={openDisplaySettings}
        data-testid={TESTIDS.displaySettings.toggle}
      >
        <IconSettings size={20} />
      </ActionIcon>
      {wanted && (
        <Suspense fallback={null}>
          <DisplaySettingsDrawer profile={profile} opened={opened} onClosed={closeDisplaySettings} />
        </Suspense>
      )}
    </>
  );
}
