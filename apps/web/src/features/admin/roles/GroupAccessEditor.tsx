import { useMemo, type ReactNode } from "react";
import { Group, Select, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ACCESS_LEVELS, entityByName, hasPermission, type AccessLevel } from "@caresuite/domain";
import { useAppData } from "../../../app/providers/AppDataProvider";
import { optionsDocument } from "../../../entity-admin/entity-documents";
import { useAllRecords } from "../../../entity-admin/useAllRecords";
import * as TESTIDS from "../../../testids";
import type { GroupLevels } from "./role-form";

interface GroupAccessEditorProps {
  groups: GroupLevels;
  onChange: (groups: GroupLevels) => void;
  disabled: boolean;
}

const CALL_SOURCE_GROUP = entityByName("callSourceGroup");

/**
 * spec §6: "Call source group access: None, Read, Write (existing data), Full (create and
 * delete)". Per group of the current system; a group left unset gives nothing. The groups are
 * listed for users who may read them (the call source groups' permission); others keep what the
 * role has without seeing it.
 */
export function GroupAccessEditor({ groups, onChange, disabled }: GroupAccessEditorProps): ReactNode {
  const { t } = useTranslation();
  const { data } = useAppData();
  const visible = CALL_SOURCE_GROUP !== undefined && hasPermission(data.user, CALL_SOURCE_GROUP.permission);
  const { items, error } = useAllRecords(
    visible ? CALL_SOURCE_GROUP : undefined,
    visible && CALL_SOURCE_GROUP ? optionsDocument(CALL_SOURCE_GROUP) : undefined,
  );
  const levels = useMemo(() => ACCESS_LEVELS.map((level) => ({ value: level, label: t(`roles.access.${level}`) })), [t]);

  if (!visible || !CALL_SOURCE_GROUP) return null;
  if (error)
    return (
      <Text size="sm" c="dimmed">
        {t("entityForm.optionsError")}
      </Text>
    );
  if (!items)
    return (
      <Text size="sm" c="dimmed">
        {t("common.loading")}
      </Text>
    );
  if (items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t("roles.noGroups")}
      </Text>
    );

  const set = (id: number, level: AccessLevel | null): void => {
    const next = { ...groups };
    if (level === null) delete next[id];
    else next[id] = level;
    onChange(next);
  };

  return (
    <Stack gap={4}>
      {items.map((group) => {
        const name = String(group[CALL_SOURCE_GROUP.displayField] ?? `#${group.id}`);
        return (
          <Group key={group.id} justify="space-between" wrap="nowrap">
            <Text size="sm">{name}</Text>
            <Select
              size="xs"
              w={180}
              aria-label={name}
              data={levels}
              value={groups[group.id] ?? null}
              onChange={(value) => set(group.id, (value as AccessLevel | null) ?? null)}
              placeholder={t("roles.access.unset")}
              clearable
              disabled={disabled}
              data-testid={TESTIDS.roles.group(group.id)}
            />
          </Group>
        );
      })}
    </Stack>
  );
}
