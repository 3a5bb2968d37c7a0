import type { ReactNode } from "react";
import { Center, Loader } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** Placeholder while a lazily loaded page or the first AppData arrives. */
export function PageLoader({ testId }: { testId?: string }): ReactNode {
  const { t } = useTranslation();
  return (
    <Center mih="40vh" data-testid={testId} aria-busy="true">
      <Loader size="md" aria-label={t("common.loading")} />
    </Center>
  );
}
