import { useMemo, type ReactNode } from "react";
import { Fieldset, Group, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Switch, Text, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { SYSTEM_DISPLAY_LANGUAGES } from "@caresuite/domain";
import * as TESTIDS from "../../../testids";
import { passwordReentryNeeded, type SystemParamFormValues } from "./system-param-form";
import type { SystemParamRecord } from "./system-params.graphql";
import { PasswordField } from "../../../ui/PasswordField";

type Setter = <K extends keyof SystemParamFormValues>(name: K, value: SystemParamFormValues[K]) => void;

interface FieldsProps {
  values: SystemParamFormValues;
  set: Setter;
  /** The translated first error of a field (spec §5: "the first message per field is shown"). */
  errorOf: (name: string) => string | undefined;
  record: SystemParamRecord | null;
}

export const systemParamLabelKey = (field: string): string => `systemParams.fields.${field}`;

/** IANA zones of this browser, with the stored one even when the browser does not list it. */
function timeZones(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return current === "" || zones.includes(current) ? zones : [current, ...zones];
}

/** Monday ... Sunday in the interface language (2024-01-01 was a Monday). */
function weekdayNames(locale: string): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" });
  return Array.from({ length: 7 }, (_, day) => format.format(new Date(Date.UTC(2024, 0, 1 + day))));
}

/** A time of day as the admin forms take it: "HH:MM" text. */
function TimeField({ name, values, set, errorOf, disabled }: FieldsProps & { name: keyof SystemParamFormValues; disabled?: boolean }): ReactNode {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t(systemParamLabelKey(name))}
      disabled={disabled}
      value={String(values[name])}
      onChange={(event) => set(name, event.currentTarget.value)}
      placeholder={t("entityForm.timePlaceholder")}
      inputMode="numeric"
      maxLength={5}
      error={errorOf(name)}
      data-testid={TESTIDS.entityForm.field(name)}
    />
  );
}

/** Day and time of a weekend point (minutes from a Monday-start week in the API). */
function WeekPoint({ which, days, ...props }: FieldsProps & { which: "weekend_start" | "weekend_stop"; days: { value: string; label: string }[] }): ReactNode {
  const { t } = useTranslation();
  const { values, set, errorOf } = props;
  const dayName = `${which}_day` as const;
  const timeName = `${which}_time` as const;
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <Select
        label={t(systemParamLabelKey(which))}
        data={days}
        value={values[dayName]}
        onChange={(value) => set(dayName, value ?? "")}
        allowDeselect={false}
        style={{ flex: 1 }}
        data-testid={TESTIDS.entityForm.field(dayName)}
      />
      <TextInput
        label={t("systemParams.fields.time")}
        value={values[timeName]}
        onChange={(event) => set(timeName, event.currentTarget.value)}
        placeholder={t("entityForm.timePlaceholder")}
        inputMode="numeric"
        maxLength={5}
        w={96}
        error={errorOf(which)}
        data-testid={TESTIDS.entityForm.field(timeName)}
      />
    </Group>
  );
}

/** The configurator's inputs in four groups: connection, network, time, call suppression. */
export function SystemParamFields(props: FieldsProps): ReactNode {
  const { t, i18n } = useTranslation();
  const { values, set, errorOf, record } = props;
  const common = (name: string): { label: string; error?: string; "data-testid": string } => ({
    label: t(systemParamLabelKey(name)),
    error: errorOf(name),
    "data-testid": TESTIDS.entityForm.field(name),
  });
  const zones = useMemo(() => timeZones(values.timezone), [values.timezone]);
  const days = useMemo(() => weekdayNames(i18n.language).map((label, day) => ({ value: String(day), label })), [i18n.language]);
  const sectionOptions = useMemo(() => {
    const known = (record?.sections ?? []).map((section) => ({ value: section.id, label: section.name }));
    const unknown = values.call_suppression_sections.filter((id) => !known.some((o) => o.value === id)).map((id) => ({ value: id, label: `#${id}` }));
    return [...known, ...unknown];
  }, [record, values.call_suppression_sections]);

  return (
    <Stack gap="md">
      <Fieldset legend={t("systemParams.sections.connection")}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
          <TextInput {...common("name")} withAsterisk value={values.name} onChange={(e) => set("name", e.currentTarget.value)} autoComplete="off" />
          <TextInput
            {...common("ip")}
            withAsterisk
            value={values.ip}
            onChange={(e) => set("ip", e.currentTarget.value)}
            placeholder="192.168.1.20"
            autoComplete="off"
          />
          <NumberInput
            {...common("tcp_port")}
            withAsterisk
            value={values.tcp_port}
            onChange={(value) => set("tcp_port", value)}
            min={1}
            max={65535}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=""
          />
          <TextInput {...common("username")} withAsterisk value={values.username} onChange={(e) => set("username", e.currentTarget.value)} autoComplete="off" />
          <PasswordField
            {...common("password")}
            withAsterisk={!record}
            value={values.password}
            onChange={(e) => set("password", e.currentTarget.value)}
            placeholder={record?.has_password ? t("systemParams.passwordUnchanged") : undefined}
            description={record ? t(passwordReentryNeeded(values, record) ? "systemParams.help.passwordReentry" : "systemParams.help.password") : undefined}
            autoComplete="new-password"
          />
          <TextInput
            label={t(systemParamLabelKey("version"))}
            value={record?.version ?? t("systemParams.versionUnknown")}
            readOnly
            variant="filled"
            tabIndex={-1}
            data-testid={TESTIDS.entityForm.field("version")}
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt="xs">
          {t("systemParams.help.connection")}
        </Text>
      </Fieldset>

      <Fieldset legend={t("systemParams.sections.network")}>
        <Stack gap="sm">
          <Switch {...common("dhcp")} description={t("systemParams.help.dhcp")} checked={values.dhcp} onChange={(e) => set("dhcp", e.currentTarget.checked)} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
            <TextInput
              {...common("subnet")}
              withAsterisk={!values.dhcp}
              disabled={values.dhcp}
              value={values.subnet}
              onChange={(e) => set("subnet", e.currentTarget.value)}
              placeholder="255.255.255.0"
            />
            <TextInput
              {...common("gateway")}
              disabled={values.dhcp}
              value={values.gateway}
              onChange={(e) => set("gateway", e.currentTarget.value)}
              placeholder="192.168.1.1"
            />
            <TextInput
              {...common("ntp_server")}
              description={t("systemParams.help.ntp_server")}
              value={values.ntp_server}
              onChange={(e) => set("ntp_server", e.currentTarget.value)}
              placeholder="pool.ntp.org"
            />
          </SimpleGrid>
        </Stack>
      </Fieldset>

      <Fieldset legend={t("systemParams.sections.time")}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
            <Select
              {...common("timezone")}
              data={zones}
              value={values.timezone}
              onChange={(value) => set("timezone", value ?? "")}
              searchable
              allowDeselect={false}
              nothingFoundMessage={t("entityForm.noOptions")}
            />
            <Select
              {...common("display_language")}
              data={SYSTEM_DISPLAY_LANGUAGES.map((locale) => ({ value: locale, label: t(`languages.${locale}`) }))}
              value={values.display_language}
              onChange={(value) => set("display_language", value ?? "")}
              allowDeselect={false}
            />
            <TimeField {...props} name="night_start" />
            <TimeField {...props} name="night_stop" />
            <WeekPoint {...props} which="weekend_start" days={days} />
            <WeekPoint {...props} which="weekend_stop" days={days} />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {t("systemParams.help.weekend")}
          </Text>
          <Switch {...common("daylight_savings")} checked={values.daylight_savings} onChange={(e) => set("daylight_savings", e.currentTarget.checked)} />
          <Switch
            {...common("auto_commit")}
            description={t("systemParams.help.auto_commit")}
            checked={values.auto_commit}
            onChange={(e) => set("auto_commit", e.currentTarget.checked)}
          />
        </Stack>
      </Fieldset>

      <Fieldset legend={t("systemParams.sections.suppression")}>
        <Stack gap="sm">
          <Switch
            {...common("call_suppression_enabled")}
            description={t("systemParams.help.call_suppression_enabled")}
            checked={values.call_suppression_enabled}
            onChange={(e) => set("call_suppression_enabled", e.currentTarget.checked)}
          />
          <MultiSelect<number>
            {...common("call_suppression_sections")}
            description={record ? undefined : t("systemParams.help.sectionsAfterCreate")}
            data={sectionOptions}
            value={values.call_suppression_sections}
            onChange={(ids) => set("call_suppression_sections", ids)}
            disabled={!values.call_suppression_enabled}
            searchable
            clearable
            nothingFoundMessage={t("entityForm.noOptions")}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TimeField {...props} name="call_suppression_time_start" disabled={!values.call_suppression_enabled} />
            <TimeField {...props} name="call_suppression_time_end" disabled={!values.call_suppression_enabled} />
          </SimpleGrid>
        </Stack>
      </Fieldset>
    </Stack>
  );
}
