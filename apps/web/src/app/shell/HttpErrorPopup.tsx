import type { ReactNode } from "react";
import { Button, Group, Modal, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useStore } from "../../api/store";
import { httpFailure } from "../../api/status";
import * as TESTIDS from "../../testids";

/**
 * spec "root-level set: ... HTTP error popup": a request could not reach the server or the
 * server failed. Offers a reload (spec §8 "unknown error (reload)") or carrying on.
 */
export function HttpErrorPopup(): ReactNode {
  const { t } = useTranslation();
  const failure = useStore(httpFailure);
  const close = (): void => httpFailure.set(null);
  const network = failure?.kind === "network";

  return (
    <Modal
      opened={failure !== null}
      onClose={close}
      title={network ? t("httpError.networkTitle") : t("httpError.serverTitle")}
      zIndex={400}
      data-testid={TESTIDS.httpError}
    >
      <Text size="sm" mb="md">
        {network ? t("httpError.networkText") : t("httpError.serverText", { status: failure?.kind === "server" ? failure.status : "" })}
      </Text>
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={close} data-testid={TESTIDS.httpErrorClose}>
          {t("common.close")}
        </Button>
        <Button onClick={() => window.location.reload()} data-testid={TESTIDS.httpErrorReload}>
          {t("common.reload")}
        </Button>
      </Group>
    </Modal>
  );
}
