import type { ReactNode } from "react";
import { Alert, List, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { TESTIDS } from "../../testids";
import type { ChangelogEntry } from "./sync.graphql";
import { recordName, type SyncErrorView } from "./sync-view";

/**
 * A refused or failed publish or import (spec §8 "Configuration", "Sync timeout"): the translated
 * reason, the records it names (with their names where the changelog has them) and the call
 * system's own detail.
 */
export function SyncErrorAlert({ title, error, entries }: { title: string; error: SyncErrorView; entries: readonly ChangelogEntry[] }): ReactNode {
  const { t } = useTranslation();
  const nameOf = (kind: string, id: number): string => {
    const entry = entries.find((e) => e.entity_kind === kind && e.entity_id === id);
    const name = entry ? recordName(entry) : null;
    const kindLabel = t(`syncPage.changelog.kinds.${kind}`, { defaultValue: kind });
    const record = t("syncPage.changelog.record", { id });
    return name ? `${kindLabel}: ${name} (${record})` : `${kindLabel}: ${record}`;
  };
  return (
    <Alert
      color="red"
      variant="light"
      title={title}
      icon={<IconAlertTriangle size={20} aria-hidden="true" />}
      data-testid={TESTIDS.sync.error}
      data-key={error.key}
    >
      <Text size="sm" fw={600}>
        {t(`syncPage.errors.${error.key}`)}
      </Text>
      {error.records.length > 0 && (
        <>
          <Text size="sm" mt="xs">
            {t("syncPage.errors.records")}
          </Text>
          <List size="sm">
            {error.records.map((r) => (
              <List.Item key={`${r.kind}:${r.id}`}>{nameOf(r.kind, r.id)}</List.Item>
            ))}
          </List>
        </>
      )}
      {error.detail && (
        <Text size="xs" mt="xs" c="gray.8">
          {t("syncPage.errors.detail", { detail: error.detail })}
        </Text>
      )}
    </Alert>
  );
}
