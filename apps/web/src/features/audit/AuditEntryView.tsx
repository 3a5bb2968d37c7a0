import { useState, type ComponentType, type ReactNode } from "react";
import { Badge, Divider, Group, Paper, Table, Text, ThemeIcon, UnstyledButton } from "@mantine/core";
import {
  IconChevronDown,
  IconChevronRight,
  IconCloudUpload,
  IconDatabaseExport,
  IconDownload,
  IconEraser,
  IconLogin,
  IconPencil,
  IconPlus,
  IconPoint,
  IconTrash,
} from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { auditActionColor, isSystemAuditEntry } from "@caresuite/domain";
import { formatTime } from "../../i18n/format";
import * as TESTIDS from "../../testids";
import type { AuditLogEntry } from "./audit.graphql";
import { AuditValueView } from "./AuditValueView";
import {
  auditIcon,
  backupEvent,
  describeAuditValue,
  entityTypeLabelKeys,
  entryChanges,
  fieldLabelKeys,
  importedCount,
  cleanupCounts,
  systemTreeMeta,
  type AuditIcon,
} from "./audit-view";

const ICONS: Record<AuditIcon, ComponentType<{ size?: number }>> = {
  created: IconPlus,
  updated: IconPencil,
  deleted: IconTrash,
  commit: IconCloudUpload,
  backup: IconDatabaseExport,
  login: IconLogin,
  cleanup: IconEraser,
  import: IconDownload,
  other: IconPoint,
};

/** spec: "A missing user shows as "System". Namespace caresuite_app shows an "App" badge." */
function Who({ entry }: { entry: AuditLogEntry }): ReactNode {
  const { t } = useTranslation();
  return (
    <>
      <Text span size="xs" c="dimmed">
        {formatTime(entry.created_at)} · {entry.user?.name ?? t("audit.system")}
      </Text>
      {entry.namespace === "caresuite_app" && (
        <Badge size="xs" variant="outline" color="violet">
          {t("audit.app")}
        </Badge>
      )}
    </>
  );
}

/** spec: system entries (commit, backup, login, cleanup, import) "appear as a centred line with an icon". */
function SystemLine({ entry }: { entry: AuditLogEntry }): ReactNode {
  const { t } = useTranslation();
  const Icon = ICONS[auditIcon(entry)];
  const count = entry.action === "gets_imported" ? importedCount(entry.meta) : null;
  const cleaned = entry.action === "cleanup" ? cleanupCounts(entry.meta) : null;
  const event = backupEvent(entry);
  const text =
    count !== null
      ? t("audit.imported", { count })
      : cleaned
        ? t("audit.cleanedUp", cleaned)
        : event
          ? t(`audit.backupEvents.${event}`)
          : t(`audit.actions.${entry.action}`, { defaultValue: entry.action });
  return (
    <Divider
      my={4}
      labelPosition="center"
      data-testid={TESTIDS.audit.systemEntry}
      data-action={entry.action}
      label={
        <Group gap={6} wrap="nowrap">
          <Icon size={14} />
          <Text span size="xs">
            {text}
          </Text>
          <Who entry={entry} />
        </Group>
      }
    />
  );
}

/** One audit entry: what happened to which record, by whom; click shows its changes. */
export function AuditEntryView({ entry }: { entry: AuditLogEntry }): ReactNode {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (isSystemAuditEntry(entry)) return <SystemLine entry={entry} />;

  const changes = entryChanges(entry);
  const color = auditActionColor(entry.action);
  const Icon = ICONS[auditIcon(entry)];
  const meta = systemTreeMeta(entry);
  const Chevron = open ? IconChevronDown : IconChevronRight;

  const header = (
    <Group wrap="nowrap" align="flex-start" gap="sm">
      <ThemeIcon color={color} variant="light" radius="xl" size="md">
        <Icon size={16} />
      </ThemeIcon>
      <div style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm">
          <Text span fw={600}>
            {t(entityTypeLabelKeys(entry.entity_type), { defaultValue: entry.entity_type })}
          </Text>
          {meta && (
            <Text span c="dimmed">
              {" "}
              ({meta})
            </Text>
          )}
          {entry.entity_display_name && ` «${entry.entity_display_name}»`}{" "}
          <Text span c={`${color}.7`} fw={500}>
            {t(`audit.actions.${entry.action}`, { defaultValue: entry.action })}
          </Text>
        </Text>
        <Group gap={6}>
          <Who entry={entry} />
          {entry.system && (
            <Text span size="xs" c="dimmed">
              · {entry.system.name}
            </Text>
          )}
        </Group>
      </div>
      {changes.length > 0 && (
        <Group gap={4} wrap="nowrap">
          <Text size="xs" c="dimmed">
            {t("audit.changes", { count: changes.length })}
          </Text>
          <Chevron size={16} aria-hidden />
        </Group>
      )}
    </Group>
  );

  return (
    <Paper
      withBorder
      px="sm"
      py={6}
      style={{ borderLeft: `3px solid var(--mantine-color-${color}-6)` }}
      data-testid={TESTIDS.audit.entry}
      data-action={entry.action}
      data-entity-type={entry.entity_type}
    >
      {changes.length > 0 ? (
        <UnstyledButton w="100%" onClick={() => setOpen((value) => !value)} aria-expanded={open} title={open ? t("audit.collapse") : t("audit.expand")}>
          {header}
        </UnstyledButton>
      ) : (
        header
      )}
      {open && (
        <Table mt="xs" verticalSpacing={4} fz="sm" layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="30%">{t("audit.columns.field")}</Table.Th>
              <Table.Th>{t("audit.columns.old")}</Table.Th>
              <Table.Th>{t("audit.columns.new")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {changes.map((change, index) => (
              <Table.Tr key={`${change.field}:${index}`} data-testid={TESTIDS.audit.change} data-field={change.field}>
                <Table.Td>{t(fieldLabelKeys(entry.entity_type, change.field), { defaultValue: change.field })}</Table.Td>
                <Table.Td style={{ overflowWrap: "anywhere" }}>
                  <AuditValueView display={describeAuditValue(entry.entity_type, change.field, change.value_old)} />
                </Table.Td>
                <Table.Td style={{ overflowWrap: "anywhere" }}>
                  <AuditValueView display={describeAuditValue(entry.entity_type, change.field, change.value_new)} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
