import type { ReactNode } from "react";
import { useMutation } from "urql";
import { Button, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { setupFinishTarget } from "@caresuite/domain";
import { useAppData } from "../../app/providers/AppDataProvider";
import * as TESTIDS from "../../testids";
import { notify } from "../../ui/notify";
import { FINISH_SETUP } from "./setup.graphql";
import { isSetupDone } from "./setup-errors";

/** Step 5. spec: "The last step button goes to sync if a configurator was set, else to homepage." */
export function FinishedStep(): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, refetch } = useAppData();
  const configuratorSet = data.appState.configurator_set;

  const [{ fetching }, confirm] = useMutation(FINISH_SETUP);

  // "Setup completes when step 5 is confirmed." A setup finished meanwhile (another tab)
  // goes on as well; any other failure keeps the step so that it can be confirmed again.
  const finish = async (): Promise<void> => {
    const result = await confirm({});
    if (result.error && !isSetupDone(result.error)) {
      notify({ type: "error", title: t("errors.saveFailedTitle"), text: t("errors.saveFailedText") });
      return;
    }
    const fresh = await refetch();
    navigate(setupFinishTarget({ configuratorSet: fresh?.appState.configurator_set ?? configuratorSet }));
  };

  return (
    <Stack align="center" gap="sm">
      <ThemeIcon size={56} radius="xl" color="teal" variant="light">
        <IconCheck size={30} aria-hidden="true" />
      </ThemeIcon>
      <Text ta="center">{t(configuratorSet ? "setup.finished.textSync" : "setup.finished.textHome")}</Text>
      <Button onClick={() => void finish()} loading={fetching} data-testid={TESTIDS.setup.finish}>
        {t(configuratorSet ? "setup.finished.toSync" : "setup.finished.toHome")}
      </Button>
    </Stack>
  );
}
