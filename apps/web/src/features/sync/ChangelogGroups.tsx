import { memo, useId, useState, type ReactNode } from "react";
import { Badge, Button, Group, Paper, Stack, Table, Text, UnstyledButton } from "@mantine/core";
import { IconChevronDown, IconChevronRight } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import * as TESTIDS from "../../testids";
import type { ChangelogEntry } from "./sync.graphql";
import { badgeText, diffValue, GROUP_PAGE, KIND_ENTITY, recordName, rowStateColor, type ChangelogGroup, type DiffValue } from "./sync-view";
import classes from "./SyncPage.module.css";

/** The translated label of a changed field: the registry's, the node form's, else its name. */
export function useFieldLabel(): (kind: string, field: string) => string {
  const { t } = useTranslation();
  return (kind, field) => {
    const entity = KIND_ENTITY[kind];
    const keys = kind === "system_tree" ? [`nodeForm.fields.${field}`] : entity ? [`entities.${entity}.fields.${field}`] : [];
    return keys.length > 0 ? t(keys, { defaultValue: field }) : field;
  };
}

function Value({ value }: { value: DiffValue }): ReactNode {
  const { t } = useTranslation();
  if (value.kind === "empty") return <span className={classes.emptyValue}>{t("syncPage.changelog.emptyValue")}</span>;
  if (value.kind === "bool") return t(value.value ? "syncPage.changelog.yes" : "syncPage.changelog.no");
  return <span className={classes.value}>{value.text}</span>;
}

export function StateBadge({ state }: { state: string }): ReactNode {
  const { t } = useTranslation();
  return (
    <Badge color={rowStateColor(state)} c={badgeText(rowStateColor(state))} variant="light" size="sm" radius="sm">
      {t(`syncPage.changelog.states.${state}`, { defaultValue: state })}
    </Badge>
  );
}

/** One record: its name, its row state and the fields that differ (ours, theirs). */
const EntryView = memo(function EntryView({ entry }: { entry: ChangelogEntry }): ReactNode {
  const { t } = useTranslation();
  const label = useFieldLabel();
  const name = recordName(entry);
  // A record on one side only: every field would differ, so it is said in words instead.
  const oneSided = entry.ours === null || entry.theirs === null;
  const changes = entry.changes.filter((change) => change.field !== "id");
  return (
    <div className={classes.entry} data-testid={TESTIDS.sync.entry} data-id={entry.id} data-state={entry.state}>
      <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
        <Text fw={600} size="sm" className={classes.entryName}>
          {name ?? t("syncPage.changelog.record", { id: entry.entity_id })}
          {name !== null && (
            <Text span c="dimmed" size="xs" ml={6}>
              {t("syncPage.changelog.record", { id: entry.entity_id })}
            </Text>
          )}
        </Text>
        <StateBadge state={entry.state} />
      </Group>
      {oneSided && (
        <Text size="sm" mt={4}>
          {t(entry.ours === null ? "syncPage.changelog.onlyTheirs" : "syncPage.changelog.onlyOurs")}
        </Text>
      )}
      {!oneSided && changes.length > 0 && (
        <Table.ScrollContainer minWidth={320} type="native">
          <Table className={classes.diff} data-testid={TESTIDS.sync.diff} verticalSpacing={4} horizontalSpacing="xs" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("syncPage.changelog.field")}</Table.Th>
                <Table.Th>{t("syncPage.changelog.ours")}</Table.Th>
                <Table.Th>{t("syncPage.changelog.theirs")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {changes.map((change) => (
                <Table.Tr key={change.field} data-field={change.field}>
                  <Table.Td>{label(entry.entity_kind, change.field)}</Table.Td>
                  <Table.Td>
                    <Value value={diffValue(change.ours)} />
                  </Table.Td>
                  <Table.Td>
                    <Value value={diffValue(change.theirs)} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </div>
  );
});

/**
 * One entity kind: a header with its count and row states that opens the records. Only an open
 * group renders records, GROUP_PAGE at a time: 500 changes of a 20,000-node site stay a handful
 * of elements until someone looks (bench/sync-changelog.ts).
 */
const GroupView = memo(function GroupView({ group, initiallyOpen }: { group: ChangelogGroup<ChangelogEntry>; initiallyOpen: boolean }): ReactNode {
  const { t } = useTranslation();
  const [open, setOpen] = useState(initiallyOpen);
  const [shown, setShown] = useState(GROUP_PAGE);
  const panelId = useId();
  const count = group.entries.length;
  const rest = count - Math.min(shown, count);
  return (
    <Paper withBorder radius="md" data-testid={TESTIDS.sync.group} data-kind={group.kind} data-count={count} data-open={open}>
      <UnstyledButton
        className={classes.groupHeader}
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={panelId}
        data-testid={TESTIDS.sync.groupToggle}
      >
        <Group gap="sm" wrap="wrap" justify="space-between">
          <Group gap="xs" wrap="nowrap">
            {open ? <IconChevronDown size={18} aria-hidden="true" /> : <IconChevronRight size={18} aria-hidden="true" />}
            <Text fw={600} component="span">
              {t(`syncPage.changelog.kinds.${group.kind}`, { defaultValue: group.kind })}
            </Text>
            <Badge variant="default" radius="sm">
              {count}
            </Badge>
          </Group>
          <Group gap={6}>
            {group.states.map((s) => (
              <Badge key={s.state} color={rowStateColor(s.state)} c={badgeText(rowStateColor(s.state))} variant="light" size="sm" radius="sm">
                {t(`syncPage.changelog.states.${s.state}`, { defaultValue: s.state })} · {s.count}
              </Badge>
            ))}
          </Group>
        </Group>
      </UnstyledButton>
      {open && (
        <Stack gap={0} id={panelId} className={classes.groupBody}>
          {group.entries.slice(0, shown).map((entry) => (
            <EntryView key={entry.id} entry={entry} />
          ))}
          {rest > 0 && (
            <Group justify="center" p="sm">
              <Button variant="subtle" size="xs" onClick={() => setShown((s) => s + GROUP_PAGE)} data-testid={TESTIDS.sync.more}>
                {t("syncPage.changelog.more", { count: rest })}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Paper>
  );
});

/** Groups open at first when the whole changelog is short enough to read at a glance. */
const OPEN_ALL_UP_TO = 20;

export function ChangelogGroups({ groups, total }: { groups: readonly ChangelogGroup<ChangelogEntry>[]; total: number }): ReactNode {
  return (
    <Stack gap="sm">
      {groups.map((group) => (
        <GroupView key={group.kind} group={group} initiallyOpen={total <= OPEN_ALL_UP_TO} />
      ))}
    </Stack>
  );
}
