import { useState, type ReactNode } from "react";
import { ActionIcon, Alert, Button, Center, Group, Loader, Paper, Stack, Text } from "@mantine/core";
import { IconAlertCircle, IconArrowDown, IconArrowUp } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import * as TESTIDS from "../testids";
import type { MutationFailure } from "./entity-errors";
import { moveItem } from "./list-state";

export interface SortListProps<T extends { id: number }> {
  /** Every record in the current order; null while loading. */
  items: readonly T[] | null;
  /** More records exist than were loaded (the order then covers the loaded ones only). */
  total?: number;
  loadFailed: boolean;
  onRetry: () => void;
  labelOf: (item: T) => string;
  saving: boolean;
  /** Saves the order; resolves with a failure for the callout, or null when saved. */
  onSave: (ids: number[]) => Promise<MutationFailure | null>;
  onClose: () => void;
  /** `data-entity` of the list, for tests. */
  kind: string;
}

/** An order edited with up/down buttons, then saved (the sort modals of entities and roles). */
export function SortList<T extends { id: number }>({
  items: loaded,
  total,
  loadFailed,
  onRetry,
  labelOf,
  saving,
  onSave,
  onClose,
  kind,
}: SortListProps<T>): ReactNode {
  const { t } = useTranslation();
  // null until the user moves something: until then the loaded order shows.
  const [moved, setMoved] = useState<T[] | null>(null);
  const [failure, setFailure] = useState<MutationFailure | null>(null);
  const items = moved ?? loaded ?? [];

  const move = (index: number, delta: number): void => setMoved(moveItem(items, index, delta));
  const save = async (): Promise<void> => setFailure(await onSave(items.map((item) => item.id)));

  if (loadFailed && !loaded) {
    return (
      <Alert color="yellow" icon={<IconAlertCircle size={18} />} title={t("entitySort.loadErrorTitle")} data-testid={TESTIDS.entityForm.loadError}>
        <Button size="xs" variant="light" color="yellow" onClick={onRetry} data-testid={TESTIDS.entityForm.loadRetry}>
          {t("common.retry")}
        </Button>
      </Alert>
    );
  }
  if (!loaded) {
    return (
      <Center mih={200} aria-busy="true">
        <Loader size="sm" aria-label={t("common.loading")} />
      </Center>
    );
  }

  return (
    <Stack gap="sm" data-testid={TESTIDS.entitySort.page} data-entity={kind}>
      <Text size="sm" c="dimmed">
        {t("entitySort.hint")}
      </Text>
      {total !== undefined && total > loaded.length && <Alert color="yellow">{t("entitySort.truncated", { shown: loaded.length, total })}</Alert>}
      <Stack gap={4} component="ol" style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {items.map((item, index) => {
          const name = labelOf(item);
          return (
            <Paper key={item.id} component="li" withBorder px="sm" py={6} data-testid={TESTIDS.entitySort.row} data-id={item.id}>
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm" truncate>
                  <Text span c="dimmed" mr="xs">
                    {index + 1}.
                  </Text>
                  {name}
                </Text>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                    aria-label={t("entitySort.up", { name })}
                    data-testid={TESTIDS.entitySort.up}
                    data-id={item.id}
                  >
                    <IconArrowUp size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    disabled={index === items.length - 1}
                    onClick={() => move(index, 1)}
                    aria-label={t("entitySort.down", { name })}
                    data-testid={TESTIDS.entitySort.down}
                    data-id={item.id}
                  >
                    <IconArrowDown size={16} />
                  </ActionIcon>
                </Group>
              </Group>
            </Paper>
          );
        })}
      </Stack>
      {failure && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title={t(failure.titleKey)} data-testid={TESTIDS.entitySort.error}>
          {t(failure.textKey)}
        </Alert>
      )}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose}>
          {t("common.close")}
        </Button>
        <Button onClick={() => void save()} loading={saving} disabled={moved === null} data-testid={TESTIDS.entitySort.save}>
          {t("common.save")}
        </Button>
      </Group>
    </Stack>
  );
}
