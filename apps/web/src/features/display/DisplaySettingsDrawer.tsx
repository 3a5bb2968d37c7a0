import { useState, type FormEvent, type ReactNode } from "react";
import { Alert, Box, Button, Divider, Drawer, Group, Modal, Popover, Select, Stack, Text, TextInput } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconAlertTriangle, IconDeviceFloppy, IconInfoCircle, IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useQuery } from "urql";
import { hasWritePermission, pageUrlNeedsWarning, saveButtonVisible } from "@caresuite/domain";
import { useAppData } from "../../app/providers/AppDataProvider";
import * as TESTIDS from "../../testids";
import { translateFieldError } from "../../ui/field-error";
import { DISPLAY_PROFILES, type DisplayProfile } from "./display.graphql";
import { DisplayProfileForm } from "./DisplayProfileForm";
import { useDisplayProfileEditor, type DisplayProfileEditor } from "./useDisplayProfileEditor";
import { useDisplayLocation } from "./display-location";

/** spec §3.6 "display: manage_display_profiles". */
const MANAGE = "display::manage_display_profiles";

interface DisplaySettingsDrawerProps {
  profile: DisplayProfile | null;
  opened: boolean;
  onClosed: () => void;
}

/**
 * spec "Display settings drawer": the page URL (warning on localhost / 127.0.0), the profile
 * dropdown, create and delete, the profile's settings; Save only with a selected profile, changes
 * and the permission; closing or switching with unsaved changes asks first.
 */
export function DisplaySettingsDrawer({ profile, opened, onClosed }: DisplaySettingsDrawerProps): ReactNode {
  const { t } = useTranslation();
  const { data } = useAppData();
  const narrow = useMediaQuery("(max-width: 40em)");
  const wide = useMediaQuery("(min-width: 75em)");
  const editor = useDisplayProfileEditor(profile);
  // Changing profiles needs the permission at write (docs/decisions/009).
  const canManage = hasWritePermission(data.user, MANAGE);
  // The action waiting for "discard unsaved changes?".
  const [pending, setPending] = useState<(() => void) | null>(null);

  const guarded = (go: () => void): void => {
    if (editor.dirty) setPending(() => go);
    else go();
  };
  const close = (): void =>
    guarded(() => {
      editor.discard();
      onClosed();
    });

  return (
    <>
      <Drawer
        opened={opened}
        onClose={close}
        position="right"
        size={narrow ? "100%" : wide ? "xl" : "lg"}
        title={t("display.settings.title")}
        closeButtonProps={{ "aria-label": t("common.close") }}
        styles={{ body: { paddingBottom: 0 }, title: { fontWeight: 700, fontSize: "var(--mantine-font-size-lg)" } }}
      >
        <Stack gap="md" data-testid={TESTIDS.displaySettings.drawer}>
          <PageUrl />
          <Divider />
          <ProfileChooser profile={profile} editor={editor} canManage={canManage} onSwitch={(slug) => guarded(() => editor.switchTo(slug))} />
          <Divider />
          {editor.draft ? (
            <DisplayProfileForm draft={editor.draft} errors={editor.errors} readOnly={!canManage} onChange={editor.change} />
          ) : (
            <Text c="gray.7" size="sm">
              {t("display.settings.noProfileChosen")}
            </Text>
          )}
          <Footer editor={editor} visible={saveButtonVisible({ profileSelected: profile !== null, dirty: editor.dirty, canManage })} />
        </Stack>
      </Drawer>
      <Modal opened={pending !== null} onClose={() => setPending(null)} title={t("display.settings.discardTitle")} centered zIndex={400}>
        <Stack data-testid={TESTIDS.displaySettings.discardDialog}>
          <Text size="sm">{t("display.settings.discardText")}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setPending(null)} data-testid={TESTIDS.displaySettings.discardCancel}>
              {t("display.settings.keepEditing")}
            </Button>
            <Button
              color="red"
              onClick={() => {
                const go = pending;
                setPending(null);
                go?.();
              }}
              data-testid={TESTIDS.displaySettings.discardConfirm}
            >
              {t("display.settings.discard")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** spec: "Shows the page URL (with a warning when it contains localhost or 127.0.0)". */
function PageUrl(): ReactNode {
  const { t } = useTranslation();
  const { href } = useDisplayLocation();
  const url = `${window.location.origin}${href}`;
  return (
    <Stack gap="xs">
      <TextInput
        label={t("display.settings.pageUrl")}
        value={url}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        data-testid={TESTIDS.displaySettings.pageUrl}
      />
      {pageUrlNeedsWarning(url) && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} data-testid={TESTIDS.displaySettings.urlWarning}>
          {t("display.settings.localUrlWarning")}
        </Alert>
      )}
    </Stack>
  );
}

interface ProfileChooserProps {
  profile: DisplayProfile | null;
  editor: DisplayProfileEditor;
  canManage: boolean;
  onSwitch: (slug: string) => void;
}

/** The profile dropdown with delete (confirm popup) and create (name required). */
function ProfileChooser({ profile, editor, canManage, onSwitch }: ProfileChooserProps): ReactNode {
  const { t } = useTranslation();
  const [{ data }] = useQuery({ query: DISPLAY_PROFILES });
  const profiles = data?.displayProfiles ?? [];
  const [name, setName] = useState("");
  const [confirming, setConfirming] = useState(false);

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    // A failed create keeps what was typed.
    if (await editor.create(name)) setName("");
  };

  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <Select
          style={{ flex: 1 }}
          label={t("display.settings.profile")}
          placeholder={t("display.settings.profilePlaceholder")}
          data={profiles.map((p) => ({ value: p.slug, label: p.name }))}
          value={profile?.slug ?? null}
          allowDeselect={false}
          searchable={profiles.length > 8}
          nothingFoundMessage={t("display.settings.noProfiles")}
          onChange={(slug) => slug && slug !== profile?.slug && onSwitch(slug)}
          data-testid={TESTIDS.displaySettings.profileSelect}
        />
        {canManage && profile && (
          <Popover opened={confirming} onChange={setConfirming} position="bottom-end" withArrow trapFocus shadow="md">
            <Popover.Target>
              <Button
                variant="light"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => setConfirming((o) => !o)}
                data-testid={TESTIDS.displaySettings.delete}
              >
                {t("display.settings.delete")}
              </Button>
            </Popover.Target>
            <Popover.Dropdown>
              <Stack gap="xs" maw={280}>
                <Text size="sm">{t("display.settings.deleteQuestion", { name: profile.name })}</Text>
                <Group gap="xs" justify="flex-end">
                  <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
                    {t("common.cancel")}
                  </Button>
                  <Button
                    size="xs"
                    color="red"
                    loading={editor.deleting}
                    onClick={() => void editor.remove().finally(() => setConfirming(false))}
                    data-testid={TESTIDS.displaySettings.deleteConfirm}
                  >
                    {t("display.settings.deleteConfirm")}
                  </Button>
                </Group>
              </Stack>
            </Popover.Dropdown>
          </Popover>
        )}
      </Group>
      {canManage ? (
        <Box component="form" onSubmit={(event) => void submit(event)} noValidate>
          <Group align="flex-start" gap="sm" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label={t("display.settings.newProfile")}
              placeholder={t("display.settings.newProfilePlaceholder")}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={translateFieldError(t, editor.createErrors["name"], (field) => `display.settings.fields.${field}`)}
              data-testid={TESTIDS.displaySettings.createName}
            />
            <Button
              type="submit"
              mt={25}
              variant="default"
              leftSection={<IconPlus size={16} />}
              loading={editor.creating}
              data-testid={TESTIDS.displaySettings.createSubmit}
            >
              {t("display.settings.create")}
            </Button>
          </Group>
        </Box>
      ) : (
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />} data-testid={TESTIDS.displaySettings.readOnly}>
          {t("display.settings.readOnly")}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * Sticky at the drawer's bottom: Save, then the unsaved-changes flag. Save sits on the left, clear
 * of the notifications that appear bottom right.
 */
function Footer({ editor, visible }: { editor: DisplayProfileEditor; visible: boolean }): ReactNode {
  const { t } = useTranslation();
  if (!visible && !editor.dirty) return null;
  return (
    <Group
      gap="md"
      py="md"
      style={{ position: "sticky", bottom: 0, background: "var(--mantine-color-body)", borderTop: "1px solid var(--mantine-color-gray-3)", zIndex: 1 }}
    >
      {visible && (
        // The theme's default primary shade misses WCAG AA contrast with white text; blue.8 reaches it.
        <Button
          color="blue.8"
          leftSection={<IconDeviceFloppy size={16} />}
          loading={editor.saving}
          onClick={() => void editor.save()}
          data-testid={TESTIDS.displaySettings.save}
        >
          {t("common.save")}
        </Button>
      )}
      {editor.dirty && (
        <Group gap={6}>
          <IconPencil size={16} color="var(--mantine-color-orange-7)" aria-hidden />
          <Text size="sm" fw={600} c="gray.8">
            {t("display.settings.unsaved")}
          </Text>
        </Group>
      )}
    </Group>
  );
}
