import { useState, type ReactNode } from "react";
import { Alert, Box, Button, Group, Text } from "@mantine/core";
import { IconAlertCircle, IconCheck, IconSend } from "@tabler/icons-react";
import { useMutation } from "urql";
import { useTranslation } from "react-i18next";
import type { EntityFormPartProps } from "../../../entity-admin/form-parts";
import { REPORT_TESTIDS } from "./report-testids";
import { SEND_TECHNICAL_REPORT_NOW } from "./send-report-now.graphql";

type Outcome = { ok: boolean; failure: string | null };

/**
 * "Send now" in a technical report's form: the saved report goes out at once (its latest period),
 * so the administrator sees what its receivers get without waiting for 08:00. The schedule is not
 * touched. A new report must be saved first: the server sends what is stored.
 */
export function SendReportNowPart({ record }: EntityFormPartProps): ReactNode {
  const { t } = useTranslation();
  const [{ fetching }, send] = useMutation(SEND_TECHNICAL_REPORT_NOW);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const id = typeof record?.["id"] === "number" ? record["id"] : null;
  const email = typeof record?.["email"] === "string" ? record["email"] : "";

  const sendNow = async (): Promise<void> => {
    if (id === null) return;
    setOutcome(null);
    const result = await send({ id });
    const code = result.error?.graphQLErrors[0]?.extensions?.["code"];
    setOutcome(result.data?.sendTechnicalReportNow ?? { ok: false, failure: code === "CONFLICT" ? "busy" : "unknown" });
  };

  return (
    <Box component="section" aria-labelledby="report-send-now-title">
      <Text id="report-send-now-title" size="sm" fw={500} mb={4}>
        {t("technicalReportSend.title")}
      </Text>
      <Group gap="sm" align="center" wrap="wrap">
        <Button
          variant="default"
          leftSection={<IconSend size={16} />}
          loading={fetching}
          disabled={id === null}
          onClick={() => void sendNow()}
          data-testid={REPORT_TESTIDS.sendNow}
        >
          {t("technicalReportSend.button")}
        </Button>
        <Text size="sm" c="dimmed" style={{ flex: "1 1 16rem" }}>
          {id === null ? t("technicalReportSend.saveFirst") : t("technicalReportSend.help", { email })}
        </Text>
      </Group>
      {outcome && (
        <Alert
          mt="sm"
          color={outcome.ok ? "green" : "red"}
          icon={outcome.ok ? <IconCheck size={18} /> : <IconAlertCircle size={18} />}
          role="status"
          data-testid={REPORT_TESTIDS.sendResult}
          data-ok={String(outcome.ok)}
        >
          {outcome.ok
            ? t("technicalReportSend.sent", { email })
            : outcome.failure === "busy"
              ? t("technicalReportSend.busy")
              : t(`settings.smtp.failures.${outcome.failure ?? "unknown"}`)}
        </Alert>
      )}
    </Box>
  );
}
