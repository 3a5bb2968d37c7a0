import type { ReactNode } from "react";
import { Select, SimpleGrid, Stack, Switch, TextInput, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { FONT_SIZES, LOCALES, type DisplayProfileDraft, type DisplaySettingDraft, type FontSize, type Locale } from "@caresuite/domain";
import type { FieldError } from "../../api/errors";
import { useAppData } from "../../app/providers/AppDataProvider";
import * as TESTIDS from "../../testids";
import { translateFieldError } from "../../ui/field-error";
import { SystemDisplaySettings } from "./SystemDisplaySettings";

type Flag = "fullscreen" | "show_presences" | "show_video_stream" | "show_calls_from_system";
const FLAGS: readonly Flag[] = ["fullscreen", "show_presences", "show_video_stream", "show_calls_from_system"];

interface DisplayProfileFormProps {
  draft: DisplayProfileDraft;
  errors: Record<string, FieldError>;
  readOnly: boolean;
  onChange: (draft: DisplayProfileDraft) => void;
}

/** The profile's own settings (data §3.5) and its settings per system. */
export function DisplayProfileForm({ draft, errors, readOnly, onChange }: DisplayProfileFormProps): ReactNode {
  const { t } = useTranslation();
  const { data } = useAppData();
  const fieldLabel = (field: string): string => `display.settings.fields.${field}`;
  const error = (field: string): string | undefined => translateFieldError(t, errors[field], fieldLabel);

  // The systems the user may use (AppData); systems the profile covers but the list lacks stay listed.
  const known = data.systems.length ? data.systems : data.publicSystemParams;
  const systems = [...known.map((s) => ({ id: s.id, name: s.name }))];
  for (const setting of draft.settings) {
    if (!systems.some((s) => s.id === setting.system_id))
      systems.push({ id: setting.system_id, name: t("display.settings.systemFallback", { id: setting.system_id }) });
  }

  const changeSetting = (systemId: number, setting: DisplaySettingDraft | null): void => {
    const others = draft.settings.filter((s) => s.system_id !== systemId);
    onChange({ ...draft, settings: setting ? [...others, setting].sort((a, b) => a.system_id - b.system_id) : others });
  };

  return (
    <Stack gap="md">
      <Title order={3} size="h4">
        {t("display.settings.profileSettings")}
      </Title>
      <TextInput
        label={t(fieldLabel("name"))}
        value={draft.name}
        required={!readOnly}
        disabled={readOnly}
        error={error("name")}
        onChange={(event) => onChange({ ...draft, name: event.currentTarget.value })}
        data-testid={TESTIDS.displaySettings.field("name")}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t(fieldLabel("font_size"))}
          data={FONT_SIZES.map((size) => ({ value: size, label: t(`display.settings.fontSizes.${size}`) }))}
          value={draft.font_size}
          allowDeselect={false}
          disabled={readOnly}
          error={error("font_size")}
          onChange={(value) => value && onChange({ ...draft, font_size: value as FontSize })}
          data-testid={TESTIDS.displaySettings.field("font_size")}
        />
        <Select
          label={t(fieldLabel("locale"))}
          data={LOCALES.map((locale) => ({ value: locale, label: t(`languages.${locale}`) }))}
          value={draft.locale}
          allowDeselect={false}
          disabled={readOnly}
          error={error("locale")}
          onChange={(value) => value && onChange({ ...draft, locale: value as Locale })}
          data-testid={TESTIDS.displaySettings.field("locale")}
        />
      </SimpleGrid>
      <Stack gap="xs">
        {FLAGS.map((flag) => (
          <Switch
            key={flag}
            label={t(fieldLabel(flag))}
            checked={draft[flag]}
            disabled={readOnly}
            onChange={(event) => onChange({ ...draft, [flag]: event.currentTarget.checked })}
            data-testid={TESTIDS.displaySettings.field(flag)}
          />
        ))}
      </Stack>
      <Title order={3} size="h4" mt="sm">
        {t("display.settings.systems")}
      </Title>
      {systems.map((system) => (
        <SystemDisplaySettings
          key={system.id}
          system={system}
          setting={draft.settings.find((s) => s.system_id === system.id) ?? null}
          readOnly={readOnly}
          onChange={(setting) => changeSetting(system.id, setting)}
        />
      ))}
    </Stack>
  );
}
