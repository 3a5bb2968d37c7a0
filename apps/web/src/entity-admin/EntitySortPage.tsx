import { useState, type ReactNode } from "react";
import { ActionIcon, Alert, Button, Center, Group, Loader, Paper, Stack, Text } from "@mantine/core";
import { IconAlertCircle, IconArrowDown, IconArrowUp } from "@tabler/icons-react";
import { useMutation } from "urql";
import { useTranslation } from "react-i18next";
import { useModalRouteClose } from "../app/ModalRoute";
import { TESTIDS } from "../testids";
import { notify } from "../ui/notify";
import { useEntity } from "./EntityContext";
import { cacheContext, listDocument, rootField, sortDocument, type EntityRecord } from "./entity-documents";
import { mutationFailure, type MutationFailure } from "./entity-errors";
import { moveItem } from "./list-state";
import { useAllRecords } from "./useAllRecords";

const SORT_ORDER = { sort: "sort_order" };

/** The modal route `sort` of a sortable entity: order with up/down buttons, then Save. */
export function EntitySortPage(): ReactNode {
  const { t } = useTranslation();
  const entity = useEntity();
  const { close } = useModalRouteClose();
  // The sort mutation needs every id once: all pages, in the current order.
  const all = useAllRecords(entity, listDocument(entity, "ASC"), SORT_ORDER);
  const [{ fetching: saving }, sort] = useMutation(sortDocument(entity));
  // null until the user moves something: until then the loaded order shows.
  const [moved, setMoved] = useState<EntityRecord[] | null>(null);
  const [failure, setFailure] = useState<MutationFailure | null>(null);
  const items = moved ?? all.items ?? [];

  const move = (index: number, delta: number): void => setMoved(moveItem(items, index, delta));

  const save = async (): Promise<void> => {
    const result = await sort({ ids: items.map((item) => item.id) }, cacheContext(entity));
    if (result.error || result.data?.[rootField.sort(entity)] !== true) {
      setFailure(
        result.error
          ? mutationFailure(result.error, "sort", new Set())
          : { titleKey: "entityForm.errors.sortFailedTitle", textKey: "entityForm.errors.sortFailed", fieldErrors: {}, otherErrors: {} },
      );
      return;
    }
    notify({ type: "success", title: t("entitySort.savedTitle"), text: t("entitySort.savedText") });
    close();
  };

  if (all.error && !all.items) {
    return (
      <Alert color="yellow" icon={<IconAlertCircle size={18} />} title={t("entitySort.loadErrorTitle")} data-testid={TESTIDS.entityForm.loadError}>
        <Button size="xs" variant="light" color="yellow" onClick={all.retry} data-testid={TESTIDS.entityForm.loadRetry}>
          {t("common.retry")}
        </Button>
      </Alert>
    );
  }
  if (!all.items) {
    return (
      <Center mih={200} aria-busy="true">
        <Loader size="sm" aria-label={t("common.loading")} />
      </Center>
    );
  }

  return (
    <Stack gap="sm" data-testid={TESTIDS.entitySort.page} data-entity={entity.name}>
      <Text size="sm" c="dimmed">
        {t("entitySort.hint")}
      </Text>
      {all.total > all.items.length && (
        <Alert color="yellow">{t("entitySort.truncated", { shown: all.items.length, total: all.total })}</Alert>
      )}
      <Stack gap={4} component="ol" style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {items.map((item, index) => {
          const name = String(item[entity.displayField] ?? `#${item.id}`);
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
                  <ActionIcon variant="subtle" disabled={index === 0} onClick={() => move(index, -1)} aria-label={t("entitySort.up", { name })} data-testid={TESTIDS.entitySort.up} data-id={item.id}>
                    <IconArrowUp size={16} />
                  </ActionIcon>
                  <ActionIcon variant="subtle" disabled={index === items.length - 1} onClick={() => move(index, 1)} aria-label={t("entitySort.down", { name })} data-testid={TESTIDS.entitySort.down} data-id={item.id}>
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
        <Button variant="default" onClick={close}>
          {t("common.close")}
        </Button>
        <Button onClick={() => void save()} loading={saving} disabled={moved === null} data-testid={TESTIDS.entitySort.save}>
          {t("common.save")}
        </Button>
      </Group>
    </Stack>
  );
}
