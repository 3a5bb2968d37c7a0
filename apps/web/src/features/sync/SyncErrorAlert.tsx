import type { ReactNode } from "react";
import { Alert, List, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useQuery } from "urql";
import * as TESTIDS from "../../testids";
import { SYNC_NODE_NAME, type ChangelogEntry } from "./sync.graphql";
import { ALERT_STYLES, recordName, type SyncErrorView } from "./sync-view";

/** A record the error names: its kind, its name (the changelog's, else a node's looked up) and its number. */
function RecordItem({ kind, id, entries }: { kind: string; id: number; entries: readonly ChangelogEntry[] }): ReactNode {
  const { t } = useTranslation();
  const entry = entries.find((e) => e.entity_kind === kind && e.entity_id === id);
  const known = entry ? recordName(entry) : null;
  const [{ data }] = useQuery({ query: SYNC_NODE_NAME, variables: { id }, pause: known !== null || kind !== "system_tree" });
  const name = known ?? data?.systemTreeNode.name ?? null;
  const kindLabel = t(`syncPage.changelog.kinds.${kind}`, { defaultValue: kind });
  const record = t("syncPage.changelog.record", { id });
  return (
    <List.Item>
      {name ? t("syncPage.errors.record", { kind: kindLabel, name, record }) : t("syncPage.errors.recordNumber", { kind: kindLabel, record })}
    </List.Item>
  );
}

/**
 * A refused or failed publish or import (spec §8 "Configuration", "Sync timeout"): the translated
 * reason, the records it names (with their names) and the call system's own detail.
 */
export function SyncErrorAlert({
  title,
  error,
  entries,
  onClose,
}: {
  title: string;
  error: SyncErrorView;
  entries: readonly ChangelogEntry[];
  /** Offers to hide the alert (a stored error of an earlier publish). */
  onClose?: () => void;
}): ReactNode {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      variant="light"
      styles={ALERT_STYLES}
      withCloseButton={onClose !== undefined}
      closeButtonLabel={t("common.close")}
      onClose={onClose}
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
              <RecordItem key={`${r.kind}:${r.id}`} kind={r.kind} id={r.id} entries={entries} />
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
