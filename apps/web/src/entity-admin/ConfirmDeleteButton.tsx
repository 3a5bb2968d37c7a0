import { useState, type ReactNode } from "react";
import { Button, Group, Popover, Stack, Text } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import * as TESTIDS from "../testids";

interface ConfirmDeleteButtonProps {
  /** The record's name in the question ("«Nacht» wirklich löschen?"). */
  name: string;
  loading: boolean;
  /** Runs the delete; the popover closes when it settles. */
  onConfirm: () => Promise<void>;
}

/** Delete with a confirmation popover (every admin form: entities, users, roles). */
export function ConfirmDeleteButton({ name, loading, onConfirm }: ConfirmDeleteButtonProps): ReactNode {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);

  const confirm = async (): Promise<void> => {
    await onConfirm();
    setOpened(false);
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
            <Button size="xs" color="red" loading={loading} onClick={() => void confirm()} data-testid={TESTIDS.entityForm.deleteConfirm}>
              {t("entityForm.deleteConfirm")}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
