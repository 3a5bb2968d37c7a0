import type { ReactNode } from "react";
import { Alert, Button, Center, Group, List, Loader, Stack, Text } from "@mantine/core";
import { IconAlertCircle, IconAlertTriangle } from "@tabler/icons-react";
import type { Blocker } from "react-router";
import { useTranslation } from "react-i18next";
import * as TESTIDS from "../testids";
import { translateFieldError } from "../ui/field-error";
import type { MutationFailure } from "./entity-errors";

/** The error callout of a failed save or delete (spec §8: "mutation error shows error callout"). */
export function FailureAlert({ failure, labelKey }: { failure: MutationFailure; labelKey: (field: string) => string }): ReactNode {
  const { t } = useTranslation();
  const others = Object.entries(failure.otherErrors);
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} title={t(failure.titleKey)} data-testid={TESTIDS.entityForm.error}>
      <Text size="sm">{t(failure.textKey)}</Text>
      {others.length > 0 && (
        <List size="sm" mt={4}>
          {others.map(([field, fieldError]) => (
            <List.Item key={field}>{translateFieldError(t, fieldError, labelKey)}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

/** The unsaved-changes question, shown instead of the form's buttons while a close is blocked. */
export function UnsavedChangesAlert({ blocker }: { blocker: Blocker }): ReactNode {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" title={t("entityForm.unsavedTitle")} data-testid={TESTIDS.entityForm.unsaved}>
      <Text size="sm">{t("entityForm.unsavedText")}</Text>
      <Group gap="xs" mt="xs">
        <Button size="xs" color="yellow" onClick={() => blocker.proceed?.()} data-testid={TESTIDS.entityForm.discard}>
          {t("entityForm.discard")}
        </Button>
        <Button size="xs" variant="default" onClick={() => blocker.reset?.()} data-testid={TESTIDS.entityForm.keepEditing} data-autofocus>
          {t("entityForm.keepEditing")}
        </Button>
      </Group>
    </Alert>
  );
}

/** spec §8: "Form modal: query error shows warning with Retry". Without `onRetry` (a bad id) no button. */
export function FormLoadError({ notFound, onRetry }: { notFound: boolean; onRetry?: () => void }): ReactNode {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title={t("entityForm.loadErrorTitle")} data-testid={TESTIDS.entityForm.loadError}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{notFound ? t("entityForm.notFoundText") : t("entityForm.loadErrorText")}</Text>
        {onRetry && (
          <Button size="xs" variant="light" color="yellow" onClick={onRetry} data-testid={TESTIDS.entityForm.loadRetry}>
            {t("common.retry")}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

export function FormLoading(): ReactNode {
  const { t } = useTranslation();
  return (
    <Center mih={200} aria-busy="true">
      <Loader size="sm" aria-label={t("common.loading")} />
    </Center>
  );
}
