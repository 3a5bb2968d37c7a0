import { memo, useCallback, type ReactNode } from "react";
import { Badge, Flex, Group, Menu, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title, Tooltip, UnstyledButton } from "@mantine/core";
import { IconChevronDown, IconLock } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { ROLE_PERMISSION_LEVELS, meaningfulLevels, type PermissionCode, type PermissionModule, type RolePermissionLevel } from "@caresuite/domain";
import * as TESTIDS from "../../../testids";
import { permissionLabelKey } from "../../../i18n/permission-labels";
import { PERMISSION_MODULES, grantedCount, permissionTitle, setModuleLevel, type CanGrantLevel, type PermissionLevels } from "./role-form";

interface PermissionEditorProps {
  levels: PermissionLevels;
  /** Gets an update of the current levels (stable callbacks keep the rows from re-rendering). */
  onChange: (update: (levels: PermissionLevels) => PermissionLevels) => void;
  /** Whether the signed-in user may grant a code at a level (nobody grants what they do not hold). */
  canGrant: CanGrantLevel;
  disabled: boolean;
}

interface PermissionRowProps {
  code: PermissionCode;
  level: RolePermissionLevel;
  canGrant: CanGrantLevel;
  disabled: boolean;
  onChange: (code: PermissionCode, level: RolePermissionLevel) => void;
}

/** One code with its hide/read/write control; memoised, a change re-renders one row of 55. */
const PermissionRow = memo(function PermissionRow({ code, level, canGrant, disabled, onChange }: PermissionRowProps): ReactNode {
  const { t } = useTranslation();
  const label = t(permissionLabelKey(code));
  // docs/decisions/009: only the levels that make a difference for this code, and within one's own.
  const meaningful = meaningfulLevels(code);
  const grantable = meaningful.filter((value) => value !== "hide" && canGrant(code, value));
  const lockKey = grantable.length === 0 ? "roles.notGrantable" : grantable.length < meaningful.length - 1 ? "roles.writeNotGrantable" : null;
  return (
    // On a phone the name sits above its control: beside it, the control squeezed the name into
    // the space left of three levels and cut its words (390 px).
    <Flex direction={{ base: "column", sm: "row" }} justify="space-between" align={{ base: "stretch", sm: "center" }} gap={{ base: 2, sm: "xs" }} py={2}>
      <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
        {lockKey && (
          <Tooltip label={t(lockKey)}>
            <IconLock size={14} color="var(--mantine-color-dimmed)" aria-label={t(lockKey)} style={{ flexShrink: 0 }} />
          </Tooltip>
        )}
        <Text size="sm" title={permissionTitle(t, code)}>
          {label}
        </Text>
      </Group>
      <SegmentedControl
        size="xs"
        value={level}
        onChange={(value) => onChange(code, value as RolePermissionLevel)}
        data={ROLE_PERMISSION_LEVELS.map((value) => ({
          value,
          label: t(`roles.levels.${value}`),
          // A stored level stays visible even where it makes no difference.
          disabled: value !== level && (!meaningful.includes(value) || !canGrant(code, value)),
        }))}
        disabled={disabled}
        color={level === "write" ? "blue" : level === "read" ? "teal" : undefined}
        aria-label={label}
        data-testid={TESTIDS.roles.permission(code)}
        data-level={level}
        style={{ flexShrink: 0 }}
      />
    </Flex>
  );
});

function ModuleMenu({ module, onSet }: { module: PermissionModule; onSet: (level: RolePermissionLevel) => void }): ReactNode {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t("roles.setAll", { module: t(`permissions.modules.${module}`) })}>
          <Group gap={2}>
            <Text size="xs" c="dimmed">
              {t("roles.setAllShort")}
            </Text>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {ROLE_PERMISSION_LEVELS.map((level) => (
          <Menu.Item key={level} onClick={() => onSet(level)}>
            {t(`roles.levels.${level}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * The role's permissions, grouped by module (spec §6 "Permission codes are module::action";
 * "Levels are hide, read, write"). Codes the signed-in user does not hold can only be hidden.
 */
export function PermissionEditor({ levels, onChange, canGrant, disabled }: PermissionEditorProps): ReactNode {
  const { t } = useTranslation();
  const change = useCallback((code: PermissionCode, level: RolePermissionLevel): void => onChange((current) => ({ ...current, [code]: level })), [onChange]);

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" verticalSpacing="sm">
      {PERMISSION_MODULES.map(([module, codes]) => (
        <Paper key={module} withBorder p="sm" data-testid={TESTIDS.roles.module(module)}>
          <Stack gap={4}>
            <Group justify="space-between" mb={4}>
              <Group gap="xs">
                <Title order={4} size="h6">
                  {t(`permissions.modules.${module}`)}
                </Title>
                <Badge size="sm" variant="light" color={grantedCount(levels, codes) > 0 ? "blue" : "gray"}>
                  {grantedCount(levels, codes)}/{codes.length}
                </Badge>
              </Group>
              {!disabled && <ModuleMenu module={module} onSet={(level) => onChange((current) => setModuleLevel(current, codes, level, canGrant))} />}
            </Group>
            {codes.map((code) => (
              <PermissionRow key={code} code={code} level={levels[code]} canGrant={canGrant} disabled={disabled} onChange={change} />
            ))}
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
