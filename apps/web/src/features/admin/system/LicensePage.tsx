import { useState, type FormEvent, type ReactNode } from "react";
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { IconAlertTriangle, IconCertificate } from "@tabler/icons-react";
import { useMutation } from "urql";
import { useTranslation } from "react-i18next";
import { fieldErrors, hasWritePermission, licenceActivationInputSchema } from "@caresuite/domain";
import { errorMessages, firstFieldErrors, validationFieldErrors } from "../../../api/errors";
import { ACTIVATE_LICENSE } from "../../../api/licence-activation.graphql";
import { useAppData } from "../../../app/providers/AppDataProvider";
import { formatNumber } from "../../../i18n/format";
import { translateFieldError } from "../../../ui/field-error";
import { licenceActivationError } from "../../../ui/licence-activation-errors";
import { notify } from "../../../ui/notify";
import { SYSTEM_TESTIDS } from "./system-testids";

type Errors = Record<string, string | undefined>;

/** The licence's flags and counts (spec: "features (analytics, log, management), and limits (devices, visuals, app_clients, systems)"). */
const FEATURES = ["analytics", "log", "management"] as const;
const LIMITS = ["devices", "visuals", "app_clients", "systems"] as const;

function ActivationForm(): ReactNode {
  const { t } = useTranslation();
  const { refetch } = useAppData();
  const [{ fetching }, activate] = useMutation(ACTIVATE_LICENSE);
  const [customer, setCustomer] = useState("");
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const labelKey = (field: string): string => (field === "customer" ? "setup.licence.customer" : "setup.licence.code");

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    // spec: "Licence number max 6 characters; activation code required." (the setup's schema)
    const parsed = licenceActivationInputSchema.safeParse({ customer, code });
    if (!parsed.success) {
      const found = firstFieldErrors(fieldErrors(parsed.error));
      setErrors(Object.fromEntries(Object.entries(found).map(([name, error]) => [name, translateFieldError(t, error, labelKey)])));
      return;
    }
    setErrors({});
    const result = await activate(parsed.data);
    const licence = result.data?.activateLicense;
    if (!licence) {
      // spec §8: "licence messages starting 'activation failed: ' map to per-reason messages" (as in the setup).
      const special = licenceActivationError(errorMessages(result.error));
      const fields = validationFieldErrors(result.error);
      if (special) setErrors({ [special.field]: t(special.key) });
      else if (Object.keys(fields).length > 0)
        setErrors(Object.fromEntries(Object.entries(fields).map(([name, error]) => [name, translateFieldError(t, error, labelKey)])));
      else notify({ type: "error", title: t("setup.licence.errors.title"), text: t("setup.licence.errors.failed") });
      return;
    }
    notify({ type: "success", title: t("setup.licence.activatedTitle"), text: t("setup.licence.activated", { name: licence.name }) });
    setCustomer("");
    setCode("");
    await refetch();
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="licence-activate-title">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm" maw={520}>
          <Title order={3} size="h4" id="licence-activate-title">
            {t("systemOps.license.activateTitle")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("systemOps.license.activateText")}
          </Text>
          <TextInput
            label={t("setup.licence.customer")}
            maxLength={6}
            required
            value={customer}
            onChange={(event) => setCustomer(event.currentTarget.value)}
            error={errors["customer"]}
            data-testid={SYSTEM_TESTIDS.licenseCustomer}
          />
          <TextInput
            label={t("setup.licence.code")}
            required
            autoComplete="off"
            spellCheck={false}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            error={errors["code"] && <span data-testid={SYSTEM_TESTIDS.licenseError}>{errors["code"]}</span>}
            data-testid={SYSTEM_TESTIDS.licenseCode}
          />
          <Group>
            <Button type="submit" loading={fetching} leftSection={<IconCertificate size={16} />} data-testid={SYSTEM_TESTIDS.licenseActivate}>
              {t("setup.licence.activate")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/**
 * /admin/license: the active licence's features and limits, and the activation of a new one
 * outside the setup (the setup's activateLicense and its error mapping).
 */
export function LicensePage(): ReactNode {
  const { t } = useTranslation();
  const { data } = useAppData();
  const licence = data.licence;
  return (
    <Stack gap="lg" data-testid={SYSTEM_TESTIDS.license}>
      <Title order={2} size="h3">
        {t("systemOps.license.title")}
      </Title>
      {data.developmentLicenceKey && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />}>
          {t("systemOps.license.developmentKey")}
        </Alert>
      )}
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="licence-current-title" data-testid={SYSTEM_TESTIDS.licenseCurrent}>
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <Title order={3} size="h4" id="licence-current-title">
              {t("systemOps.license.current")}
            </Title>
            <Text fw={600} c={licence.id === 0 ? "red.8" : undefined}>
              {licence.id === 0 ? t("systemOps.license.none") : `${licence.name} (${t("systemOps.license.number")} ${licence.id})`}
            </Text>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th colSpan={2}>{t("systemOps.license.features")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {FEATURES.map((feature) => (
                  <Table.Tr key={feature}>
                    <Table.Td>{t(`systemOps.license.feature.${feature}`)}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={licence.features[feature] ? "teal" : "gray"}>
                        {t(licence.features[feature] ? "systemOps.license.included" : "systemOps.license.notIncluded")}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th colSpan={2}>{t("systemOps.license.limits")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {LIMITS.map((limit) => (
                  <Table.Tr key={limit}>
                    <Table.Td>{t(`systemOps.license.limit.${limit}`)}</Table.Td>
                    <Table.Td>{formatNumber(licence.limits[limit])}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </SimpleGrid>
        </Stack>
      </Paper>
      {hasWritePermission(data.user, "admin::manage_system") && <ActivationForm />}
    </Stack>
  );
}
