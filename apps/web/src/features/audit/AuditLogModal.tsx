import { useEffect, useEffectEvent, useMemo, useState, type ReactNode } from "react";
import { Alert, Badge, Button, Center, EmptyState, Group, Loader, Modal, Stack, Text } from "@mantine/core";
import { DateInput, DatesProvider } from "@mantine/dates";
import "@mantine/dates/styles.css";
// The picker's month and day names; English is dayjs's own.
import "dayjs/locale/de";
import "dayjs/locale/fr";
import "dayjs/locale/it";
import { IconAlertCircle, IconHistory } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { AUDIT_AUTOLOAD_VISIBILITY, groupByLocalDay, WEEK_STARTS_ON } from "@caresuite/domain";
import { useStore } from "../../api/store";
import { auditLogSubject } from "../../app/audit-log-state";
import * as TESTIDS from "../../testids";
import { AuditEntryView } from "./AuditEntryView";
import { canLoadMore } from "./audit-pages";
import { AUDIT_DATE_FORMAT, dateInputValue, dayChip, parseDisplayDate, startTimeOfDate } from "./audit-view";
import { useAuditLog, type AuditLog } from "./useAuditLog";

// Above route modals (200 and up by 10 per level): the log opens over any screen.
const Z_INDEX = 300;

/** spec §9: "auto-load at 25% visibility": the sentinel after the list asks for the next page. */
function useAutoLoad(log: AuditLog): (node: HTMLDivElement | null) => void {
  const [node, setNode] = useState<HTMLDivElement | null>(null);
  const loadMore = useEffectEvent(() => log.loadMore());
  const ready = canLoadMore(log);
  useEffect(() => {
    if (!node || !ready || typeof IntersectionObserver === "undefined") return undefined;
    // A new observer per page: its first report says whether the sentinel is still in view.
    const observer = new IntersectionObserver(
      (records) => {
        if (records.some((record) => record.isIntersecting)) loadMore();
      },
      { threshold: AUDIT_AUTOLOAD_VISIBILITY },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [node, ready, log.entries.length]);
  return setNode;
}

function Footer({ log, sentinel }: { log: AuditLog; sentinel: (node: HTMLDivElement | null) => void }): ReactNode {
  const { t } = useTranslation();
  if (log.failed) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title={t("audit.errorTitle")} data-testid={TESTIDS.audit.error}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t("audit.errorText")}</Text>
          <Button size="xs" variant="light" color="red" onClick={log.retry} data-testid={TESTIDS.audit.retry}>
            {t("common.retry")}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (log.done) {
    return (
      <Text size="sm" c="dimmed" ta="center" py="xs" data-testid={TESTIDS.audit.end}>
        {t("audit.end")}
      </Text>
    );
  }
  return (
    <Center py="xs">
      <div ref={sentinel} data-testid={TESTIDS.audit.sentinel}>
        <Button variant="default" size="xs" onClick={log.loadMore} loading={log.loading} data-testid={TESTIDS.audit.loadMore}>
          {t("audit.loadMore")}
        </Button>
      </div>
    </Center>
  );
}

/** spec "Audit log (modal)": the timeline grouped by local day, a start date, pages of 60. */
export function AuditLogModal({ onClose }: { onClose: () => void }): ReactNode {
  const { t, i18n } = useTranslation();
  const [date, setDate] = useState("");
  const subject = useStore(auditLogSubject);
  const log = useAuditLog({
    start_time: startTimeOfDate(date),
    ...(subject ? { entity_type: subject.entityType, entity_id: subject.entityId } : {}),
  });
  const sentinel = useAutoLoad(log);
  const days = useMemo(() => groupByLocalDay(log.entries), [log.entries]);
  const now = new Date();

  const body = (): ReactNode => {
    if (log.entries.length === 0 && log.loading) {
      return (
        <Center mih={200} aria-busy="true">
          <Loader size="sm" aria-label={t("common.loading")} />
        </Center>
      );
    }
    if (log.entries.length === 0 && log.done) {
      return (
        <EmptyState
          py="xl"
          icon={<IconHistory size={28} />}
          withIndicatorBackground
          title={t("audit.emptyTitle")}
          description={t("audit.emptyText")}
          data-testid={TESTIDS.audit.empty}
        />
      );
    }
    return (
      <Stack gap="xs">
        {days.map(({ day, entries }) => {
          const chip = dayChip(day, now);
          return (
            <Stack key={day} gap={6} component="section" aria-label={chip.date}>
              <Center>
                <Badge variant="light" color="gray" size="lg" tt="none" data-testid={TESTIDS.audit.day} data-day={day}>
                  {chip.relative ? `${t(`audit.${chip.relative}`)} · ${chip.date}` : chip.date}
                </Badge>
              </Center>
              {entries.map((entry) => (
                <AuditEntryView key={entry.id} entry={entry} />
              ))}
            </Stack>
          );
        })}
        <Footer log={log} sentinel={sentinel} />
      </Stack>
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      zIndex={Z_INDEX}
      title={subject ? t("audit.titleOf", { name: subject.name }) : t("audit.title")}
      closeButtonProps={{ "aria-label": t("common.close") }}
      data-testid={TESTIDS.audit.modal}
      data-entity-type={subject?.entityType}
      data-entity-id={subject?.entityId}
    >
      <Stack gap="md">
        <Group align="flex-end">
          {/* The browser's date input followed the browser's language (mm/dd/yyyy in a German
              UI); the UI kit's picker speaks the spec's dd.MM.yyyy in every language. */}
          <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: WEEK_STARTS_ON }}>
            <DateInput
              label={t("audit.date")}
              description={t("audit.dateHelp")}
              placeholder={t("audit.datePlaceholder")}
              value={date === "" ? null : date}
              valueFormat={AUDIT_DATE_FORMAT}
              dateParser={parseDisplayDate}
              maxDate={dateInputValue(now)}
              clearable
              // spec: "Changing the start time resets offset and list" (useAuditLog starts again).
              onChange={(next) => setDate(next ?? "")}
              popoverProps={{ zIndex: Z_INDEX + 1 }}
              clearButtonProps={{ "aria-label": t("audit.dateClear") }}
              w={220}
              data-testid={TESTIDS.audit.date}
            />
          </DatesProvider>
        </Group>
        {body()}
      </Stack>
    </Modal>
  );
}
