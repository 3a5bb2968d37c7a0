import type { ReactNode } from "react";
import { Button, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { setupFinishTarget } from "@caresuite/domain";
import { useAppData } from "../../app/providers/AppDataProvider";
import { TESTIDS } from "../../testids";

/** Step 5. spec: "The last step button goes to sync if a configurator was set, else to homepage." */
export function FinishedStep(): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, refetch } = useAppData();
  const configuratorSet = data.appState.configurator_set;

  const finish = async (): Promise<void> => {
    const fresh = await refetch();
    navigate(setupFinishTarget({ configuratorSet: fresh?.appState.configurator_set ?? configuratorSet }));
  };

  return (
    <Stack align="center" gap="sm">
      <ThemeIcon size={56} radius="xl" color="teal" variant="light">
        <IconCheck size={30} aria-hidden="true" />
      </ThemeIcon>
      <Text ta="center">{t(configuratorSet ? "setup.finished.textSync" : "setup.finished.textHome")}</Text>
      <Button onClick={() => void finish()} data-testid={TESTIDS.setup.finish}>
        {t(configuratorSet ? "setup.finished.toSync" : "setup.finished.toHome")}
      </Button>
    </Stack>
  );
}
