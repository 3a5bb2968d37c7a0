import type { ReactNode } from "react";
import { Button, Group } from "@mantine/core";
import { useTranslation } from "react-i18next";
import * as TESTIDS from "../testids";

/** The right end of every admin form's footer: Close, and Save unless the form is read-only. */
export function CloseSaveButtons({ onClose, saving, canSave = true }: { onClose: () => void; saving: boolean; canSave?: boolean }): ReactNode {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      <Button variant="default" onClick={onClose} data-testid={TESTIDS.entityForm.close}>
        {t("common.close")}
      </Button>
      {canSave && (
        <Button type="submit" loading={saving} data-testid={TESTIDS.entityForm.save}>
          {t("common.save")}
        </Button>
      )}
    </Group>
  );
}
