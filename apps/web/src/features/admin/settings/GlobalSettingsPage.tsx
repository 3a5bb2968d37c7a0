import { useState, type FormEvent, type ReactNode } from "react";
import { Alert, Button, Center, Fieldset, Group, Loader, NumberInput, Select, SimpleGrid, Stack, Switch, Text, Title } from "@mantine/core";
import { IconAlertCircle, IconAlertTriangle, IconLock } from "@tabler/icons-react";
import { useMutation, useQuery } from "urql";
import { useTranslation } from "react-i18next";
import { LOCALES, globalSettingsSchema, hasPermission, hasWritePermission, type GlobalSettings } from "@caresuite/domain";
import { useAppData } from "../../../app/providers/AppDataProvider";
import { useFormMutation } from "../../../entity-admin/useFormMutation";
import * as TESTIDS from "../../../testids";
import { translateFieldError } from "../../../ui/field-error";
import { GLOBAL_SETTINGS_QUERY, UPDATE_GLOBAL_SETTINGS } from "../../../api/global-settings.graphql";
import { SmtpSettingsSection } from "./SmtpSettingsSection";
import { SETTINGS_SECTIONS, settingsErrors, settingsToValues, valuesToSettingsInput, type SettingsValues } from "./settings-form";

const labelKey = (field: string): string => `settings.fields.${field}`;
const FIELD_NAMES: ReadonlySet<string> = new Set([
  ...SETTINGS_SECTIONS.flatMap((section) => [...section.numbers.map((n) => n.name), ...section.switches]),
  "locale",
]);

function SettingsForm({ settings, canWrite }: { settings: GlobalSettings; canWrite: boolean }): ReactNode {
  const { t } = useTranslation();
  const { refetch } = useAppData();
  const [values, setValues] = useState<SettingsValues>(() => settingsToValues(settings));
  const { errors, failure, check, succeeded } = useFormMutation({ fields: FIELD_NAMES });
  const [{ fetching }, save] = useMutation(UPDATE_GLOBAL_SETTINGS);

  const set = <K extends keyof SettingsValues>(name: K, value: SettingsValues[K]): void => setValues((previous) => ({ ...previous, [name]: value }));
  const errorOf = (name: string): string | undefined => translateFieldError(t, errors[name], labelKey);

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const input = valuesToSettingsInput(values);
    if (!check(settingsErrors(input))) return;
    const result = await save({ data: globalSettingsSchema.parse(input) });
    const saved = result.data?.updateGlobalSettings;
    if (!succeeded("save", result.error, saved, () => ({ title: t("settings.savedTitle"), text: t("settings.savedText") }))) return;
    setValues(settingsToValues(saved));
    // AppData carries the battery thresholds and the default locale.
    void refetch();
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md" maw={720}>
        {!canWrite && (
          <Alert color="gray" icon={<IconLock size={18} />} data-testid={TESTIDS.settings.readOnly}>
            {t("settings.readOnly")}
          </Alert>
        )}
        {SETTINGS_SECTIONS.map((section) => (
          <Fieldset key={section.key} legend={t(`settings.sections.${section.key}`)} disabled={!canWrite}>
            <Stack gap="sm">
              {section.numbers.length > 0 && (
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  {section.numbers.map(({ name, unit }) => (
                    <NumberInput
                      key={name}
                      label={t(labelKey(name))}
                      description={t(`settings.help.${name}`)}
                      value={values[name]}
                      onChange={(value) => set(name, value)}
                      allowDecimal={false}
                      min={0}
                      rightSection={
                        <Text size="sm" c="dimmed">
                          {t(`units.${unit}`)}
                        </Text>
                      }
                      rightSectionWidth={96}
                      rightSectionPointerEvents="none"
                      styles={{ section: { justifyContent: "flex-end", paddingRight: 12 } }}
                      error={errorOf(name)}
                      data-testid={TESTIDS.settings.field(name)}
                    />
                  ))}
                </SimpleGrid>
              )}
              {section.switches.map((name) => (
                <Switch
                  key={name}
                  label={t(labelKey(name))}
                  description={t(`settings.help.${name}`)}
                  checked={values[name]}
                  onChange={(event) => set(name, event.currentTarget.checked)}
                  error={errorOf(name)}
                  data-testid={TESTIDS.settings.field(name)}
                />
              ))}
            </Stack>
          </Fieldset>
        ))}
        <Fieldset legend={t("settings.sections.locale")} disabled={!canWrite}>
          <Select
            label={t(labelKey("locale"))}
            description={t("settings.help.locale")}
            data={LOCALES.map((locale) => ({ value: locale, label: t(`languages.${locale}`) }))}
            value={values.locale}
            onChange={(value) => set("locale", value ?? "")}
            allowDeselect={false}
            error={errorOf("locale")}
            maw={320}
            data-testid={TESTIDS.settings.field("locale")}
          />
        </Fieldset>
        {failure && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} title={t(failure.titleKey)} data-testid={TESTIDS.settings.error}>
            <Text size="sm">{t(failure.textKey)}</Text>
            {Object.entries(failure.otherErrors).map(([field, fieldError]) => (
              <Text size="sm" key={field}>
                {translateFieldError(t, fieldError, labelKey)}
              </Text>
            ))}
          </Alert>
        )}
        {canWrite && (
          <Group justify="flex-end">
            <Button type="submit" loading={fetching} data-testid={TESTIDS.settings.save}>
              {t("common.save")}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

/** /admin/settings: the global settings (read with admin::use_module, written with admin::manage_system). */
export function GlobalSettingsPage(): ReactNode {
  const { t } = useTranslation();
  const { data: appData } = useAppData();
  const [{ data, error }, reexecute] = useQuery({ query: GLOBAL_SETTINGS_QUERY, variables: {}, requestPolicy: "cache-and-network" });
  const settings = data?.globalSettings;

  const body = (): ReactNode => {
    if (!settings && error) {
      return (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title={t("settings.loadErrorTitle")} data-testid={TESTIDS.settings.loadError}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t("settings.loadErrorText")}</Text>
            <Button
              size="xs"
              variant="light"
              color="yellow"
              onClick={() => reexecute({ requestPolicy: "network-only" })}
              data-testid={TESTIDS.settings.loadRetry}
            >
              {t("common.retry")}
            </Button>
          </Stack>
        </Alert>
      );
    }
    if (!settings) {
      return (
        <Center mih={200} aria-busy="true">
          <Loader size="sm" aria-label={t("common.loading")} />
        </Center>
      );
    }
    const canWrite = hasWritePermission(appData.user, "admin::manage_system");
    return (
      <>
        <SettingsForm settings={settings} canWrite={canWrite} />
        {/* The mail server is the system manager's: its query needs admin::manage_system. */}
        {hasPermission(appData.user, "admin::manage_system") && <SmtpSettingsSection canWrite={canWrite} />}
      </>
    );
  };

  return (
    <Stack gap="md" data-testid={TESTIDS.settings.page}>
      <Title order={2} size="h3">
        {t("settings.title")}
      </Title>
      {body()}
    </Stack>
  );
}
