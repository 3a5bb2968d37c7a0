import { useState, type ReactNode } from "react";
import { Box, Button, Group, Stack } from "@mantine/core";
import { IconArrowLeft, IconArrowRight } from "@tabler/icons-react";
import { Navigate } from "react-router";
import { useTranslation } from "react-i18next";
import { SETUP_STEPS, canGoNext, setupPageRedirect, type SetupStep } from "@caresuite/domain";
import { useAppData } from "../../app/providers/AppDataProvider";
import * as TESTIDS from "../../testids";
import { AuthCard } from "../../ui/AuthCard";
import { ProgressDots } from "../../ui/ProgressDots";
import { ConfiguratorStep } from "./ConfiguratorStep";
import { FinishedStep } from "./FinishedStep";
import { InitialUserStep } from "./InitialUserStep";
import { LanguageStep } from "./LanguageStep";
import { LicenceStep } from "./LicenceStep";

const STEP_KEYS: Record<SetupStep, string> = {
  1: "setup.language",
  2: "setup.licence",
  3: "setup.configurator",
  4: "setup.user",
  5: "setup.finished",
};

/** /setup: the first-run wizard (spec "Setup wizard"). */
export function SetupPage(): ReactNode {
  const { t, i18n } = useTranslation();
  const { data } = useAppData();
  // spec: "Setup redirects to login when setup time is set and no user" - decided on entry only,
  // because creating the initial user in step 4 sets the setup time mid-wizard.
  const [entryRedirect] = useState(() => setupPageRedirect({ setupTime: data.appState.setup_time, userId: data.user.id }));
  // "Step 5 is shown after the initial user is created, and survives a reload": until
  // step 5 is confirmed (finishSetup sets the setup time), the wizard reopens there.
  const [step, setStep] = useState<SetupStep>(() => (data.appState.has_initial_user && !data.appState.setup_time ? 5 : 1));

  if (entryRedirect) return <Navigate to={entryRedirect} replace />;

  const total = SETUP_STEPS.length;
  const nextAllowed = canGoNext(step, { locale: i18n.language, hasInitialUser: data.appState.has_initial_user });
  const go = (delta: 1 | -1): void => {
    const next = SETUP_STEPS[SETUP_STEPS.indexOf(step) + delta];
    if (next !== undefined) setStep(next);
  };

  return (
    <AuthCard width={520} title={t(`${STEP_KEYS[step]}.title`)} subtitle={t("setup.stepOf", { step, total })} testId={TESTIDS.setup.page}>
      <Stack gap="lg">
        <ProgressDots total={total} current={step} label={t("setup.stepOf", { step, total })} testId={TESTIDS.setup.dots} />
        <Box data-testid={TESTIDS.setup.step} data-step={step}>
          {step === 1 && <LanguageStep />}
          {step === 2 && <LicenceStep />}
          {step === 3 && <ConfiguratorStep />}
          {step === 4 && <InitialUserStep />}
          {step === 5 && <FinishedStep />}
        </Box>
        <Group justify="space-between">
          <Button variant="default" leftSection={<IconArrowLeft size={16} />} disabled={step === 1} onClick={() => go(-1)} data-testid={TESTIDS.setup.prev}>
            {t("setup.prev")}
          </Button>
          {step < total && (
            <Button rightSection={<IconArrowRight size={16} />} disabled={!nextAllowed} onClick={() => go(1)} data-testid={TESTIDS.setup.next}>
              {t("setup.next")}
            </Button>
          )}
        </Group>
      </Stack>
    </AuthCard>
  );
}
