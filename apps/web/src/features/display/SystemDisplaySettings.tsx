import type { ReactNode } from "react";
import { Alert, Fieldset, Loader, Select, SimpleGrid, Stack, Switch, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useQuery } from "urql";
import {
  DISPLAY_GROUP_ALL,
  DISPLAY_GROUP_NONE,
  DISPLAY_GROUP_SECTION,
  GROUP_SLOTS,
  SCHEDULE_ALL_DAY,
  SCHEDULE_NONE,
  SCHEDULE_PARTS,
  emptyDisplaySetting,
  groupSlotField,
  visibleGroupPickers,
  withSchedule,
  type DisplaySettingDraft,
  type SchedulePart,
} from "@caresuite/domain";
import * as TESTIDS from "../../testids";
import { DISPLAY_RELATIONS, type DisplayRelations } from "./display.graphql";

const SENTINELS = new Set<number>([SCHEDULE_NONE, SCHEDULE_ALL_DAY]);
const GROUP_SENTINELS = new Set<number>([DISPLAY_GROUP_NONE, DISPLAY_GROUP_ALL, DISPLAY_GROUP_SECTION]);

const toValue = (id: number | null): string | null => (id === null ? null : String(id));
const fromValue = (value: string | null): number | null => (value === null || value === "" ? null : Number(value));

interface SystemDisplaySettingsProps {
  system: { id: number; name: string };
  /** The profile's setting for this system; null = the profile does not cover it. */
  setting: DisplaySettingDraft | null;
  readOnly: boolean;
  onChange: (setting: DisplaySettingDraft | null) => void;
}

/**
 * spec: "Per system: weekday and weekend schedule and up to five display group pickers." A system
 * is in the profile while its switch is on ("settings for disabled systems are dropped").
 */
export function SystemDisplaySettings({ system, setting, readOnly, onChange }: SystemDisplaySettingsProps): ReactNode {
  const { t } = useTranslation();
  const [relations] = useQuery({ query: DISPLAY_RELATIONS, variables: { system_id: system.id }, pause: setting === null });
  return (
    <Fieldset legend={system.name} data-testid={TESTIDS.displaySettings.system} data-system={system.id} data-enabled={setting ? "true" : "false"}>
      <Stack gap="sm">
        <Switch
          label={t("display.settings.systemEnabled")}
          checked={setting !== null}
          disabled={readOnly}
          onChange={(event) => onChange(event.currentTarget.checked ? emptyDisplaySetting(system.id) : null)}
          data-testid={TESTIDS.displaySettings.systemEnabled}
        />
        {setting &&
          (relations.error ? (
            <Alert color="red" variant="light">
              {t("display.settings.relationsError")}
            </Alert>
          ) : !relations.data ? (
            <Loader size="sm" aria-label={t("display.loading")} />
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
              {SCHEDULE_PARTS.map((part) => (
                <SchedulePartSettings
                  key={part}
                  part={part}
                  setting={setting}
                  relations={relations.data!.displayRelations}
                  readOnly={readOnly}
                  onChange={onChange}
                />
              ))}
            </SimpleGrid>
          ))}
      </Stack>
    </Fieldset>
  );
}

interface SchedulePartSettingsProps {
  part: SchedulePart;
  setting: DisplaySettingDraft;
  relations: DisplayRelations;
  readOnly: boolean;
  onChange: (setting: DisplaySettingDraft) => void;
}

/** One part (weekday or weekend): its schedule and the group pickers the schedule has slots for. */
function SchedulePartSettings({ part, setting, relations, readOnly, onChange }: SchedulePartSettingsProps): ReactNode {
  const { t } = useTranslation();
  const scheduleId = setting[`${part}_schedule_id`];
  const schedules = relations.schedules.filter((s) => !SENTINELS.has(s.id));
  const schedule = schedules.find((s) => s.id === scheduleId);
  const pickers = visibleGroupPickers(scheduleId, schedules);

  // spec: "Sentinel ids: schedule 255 none, 20 all day".
  const scheduleOptions = [
    { value: String(SCHEDULE_NONE), label: t("display.settings.scheduleNone") },
    { value: String(SCHEDULE_ALL_DAY), label: t("display.settings.scheduleAllDay") },
    ...schedules.map((s) => ({ value: String(s.id), label: s.times.length ? `${s.name} (${s.times.join(", ")})` : s.name })),
  ];
  if (scheduleId !== null && !scheduleOptions.some((o) => o.value === String(scheduleId))) {
    scheduleOptions.push({ value: String(scheduleId), label: t("display.settings.unknownSchedule", { id: scheduleId }) });
  }
  // spec: "display group 255 none, 254 all, 253 section".
  const groupOptions = [
    { value: String(DISPLAY_GROUP_NONE), label: t("display.settings.groupNone") },
    { value: String(DISPLAY_GROUP_ALL), label: t("display.settings.groupAll") },
    { value: String(DISPLAY_GROUP_SECTION), label: t("display.settings.groupSection") },
    ...relations.display_groups.filter((g) => !GROUP_SENTINELS.has(g.id)).map((g) => ({ value: String(g.id), label: g.name })),
  ];

  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {t(`display.settings.${part}`)}
      </Text>
      <Select
        label={t("display.settings.schedule")}
        placeholder={t("display.settings.schedulePlaceholder")}
        data={scheduleOptions}
        value={toValue(scheduleId)}
        clearable
        disabled={readOnly}
        onChange={(value) => onChange(withSchedule(setting, part, fromValue(value), schedules))}
        comboboxProps={{ withinPortal: true }}
        data-testid={TESTIDS.displaySettings.schedule(part)}
      />
      {GROUP_SLOTS.filter((slot) => slot <= pickers).map((slot) => {
        const field = groupSlotField(part, slot);
        const value = setting[field];
        const options =
          value !== null && !groupOptions.some((o) => o.value === String(value))
            ? [...groupOptions, { value: String(value), label: t("display.settings.unknownGroup", { id: value }) }]
            : groupOptions;
        const from = schedule?.times[slot - 1];
        return (
          <Select
            key={field}
            label={pickers === 1 || !from ? t("display.settings.group", { n: slot }) : t("display.settings.groupFrom", { n: slot, time: from })}
            placeholder={t("display.settings.groupPlaceholder")}
            data={options}
            value={toValue(value)}
            clearable
            disabled={readOnly}
            onChange={(next) => onChange({ ...setting, [field]: fromValue(next) })}
            data-testid={TESTIDS.displaySettings.group(part, slot)}
          />
        );
      })}
    </Stack>
  );
}
