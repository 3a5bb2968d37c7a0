import type { ReactNode } from "react";
import { Alert, Button, Center, Loader } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import * as TESTIDS from "../../testids";

/** The tree's nodes while they are read: a spinner, or the failure with a retry. */
export function TreeLoadState({ failed, retry }: { failed: boolean; retry: () => void }): ReactNode {
  const { t } = useTranslation();
  return failed ? (
    <Alert color="yellow" icon={<IconAlertCircle size={18} />} title={t("tree.loadError")} data-testid={TESTIDS.tree.loadError}>
      <Button size="xs" variant="light" color="yellow" onClick={retry}>
        {t("common.retry")}
      </Button>
    </Alert>
  ) : (
    <Center mih={240} aria-busy="true">
      <Loader size="sm" aria-label={t("common.loading")} />
    </Center>
  );
}
