import { useMemo, useState, type ReactNode } from "react";
import { Button, Group, Popover, Stack, Text } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useMutation } from "urql";
import { useTranslation } from "react-i18next";
import type { EntityDef } from "@caresuite/domain";
import { TESTIDS } from "../testids";
import { notify } from "../ui/notify";
import { cacheContext, deleteDocument, rootField, type EntityRecord } from "./entity-documents";
import { mutationFailure, type MutationFailure } from "./entity-errors";

interface DeleteButtonProps {
  entity: EntityDef;
  record: EntityRecord;
  onDeleted: () => void;
  onFailed: (failure: MutationFailure) => void;
}

/** Delete with a confirmation popover; a failure goes to the form's error callout. */
export function DeleteButton({ entity, record, onDeleted, onFailed }: DeleteButtonProps): ReactNode {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [{ fetching }, remove] = useMutation(deleteDocument(entity));
  const context = useMemo(() => cacheContext(entity), [entity]);
  const name = String(record[entity.displayField] ?? `#${record.id}`);

  const confirm = async (): Promise<void> => {
    const result = await remove({ ids: [record.id] }, context);
    setOpened(false);
    if (result.error || !result.data?.[rootField.delete(entity)]) {
      onFailed(
        result.error
          ? mutationFailure(result.error, "delete", new Set())
          : { titleKey: "entityForm.errors.deleteFailedTitle", textKey: "entityForm.errors.deleteFailed", fieldErrors: {}, otherErrors: {} },
      );
      return;
    }
    notify({ type: "success", title: t("entityForm.deletedTitle"), text: t("entityForm.deletedText", { name }) });
    onDeleted();
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="top-start" withArrow trapFocus shadow="md">
      <Popover.Target>
        <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => setOpened((o) => !o)} data-testid={TESTIDS.entityForm.delete}>
          {t("entityForm.delete")}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" maw={280}>
          <Text size="sm">{t("entityForm.deleteQuestion", { name })}</Text>
          <Group gap="xs" justify="flex-end">
            <Button size="xs" variant="default" onClick={() => setOpened(false)}>
              {t("common.cancel")}
            </Button>
            <Button size="xs" color="red" loading={fetching} onClick={() => void confirm()} data-testid={TESTIDS.entityForm.deleteConfirm}>
              {t("entityForm.deleteConfirm")}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
