import { useState, type FormEvent, type ReactNode } from "react";
import { Alert, Button, Stack, Text, TextInput } from "@mantine/core";
import { IconCertificate } from "@tabler/icons-react";
import { useMutation } from "urql";
import { useTranslation } from "react-i18next";
import { fieldErrors, licenceActivationInputSchema } from "@caresuite/domain";
import { firstFieldErrors } from "../../api/errors";
import { useAppData } from "../../app/providers/AppDataProvider";
import * as TESTIDS from "../../testids";
import { notify } from "../../ui/notify";
// Shared with /admin/license.
import { ACTIVATE_LICENSE } from "../../api/licence-activation.graphql";
import { licenceActivationError } from "./setup-errors";
import { stepFieldErrors, translatedFieldErrors, type StepFieldErrors } from "./step-errors";

/** Step 2: licence activation with licence number and activation code; may be skipped. */
export function LicenceStep(): ReactNode {
  const { t } = useTranslation();
  const { data, refetch } = useAppData();
  const [{ fetching }, activate] = useMutation(ACTIVATE_LICENSE);
  const [customer, setCustomer] = useState("");
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<StepFieldErrors>({});

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const parsed = licenceActivationInputSchema.safeParse({ customer, code });
    if (!parsed.success) {
      setErrors(translatedFieldErrors(t, firstFieldErrors(fieldErrors(parsed.error))));
      return;
    }
    setErrors({});
    const result = await activate(parsed.data);
    if (result.error || !result.data?.activateLicense) {
      const fields = result.error ? stepFieldErrors(t, result.error, licenceActivationError) : null;
      if (fields) setErrors(fields);
      else notify({ type: "error", title: t("setup.licence.errors.title"), text: t("setup.licence.errors.failed") });
      return;
    }
    notify({
      type: "success",
      title: t("setup.licence.activatedTitle"),
      text: t("setup.licence.activated", { name: result.data.activateLicense.name }),
    });
    await refetch();
  };

  const licence = data.licence;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t("setup.licence.text")}
      </Text>
      {licence.id !== 0 && (
        <Alert color="teal" icon={<IconCertificate size={18} />} data-testid={TESTIDS.setup.licenceName}>
          {t("setup.licence.activated", { name: licence.name })}
        </Alert>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t("setup.licence.customer")}
            maxLength={6}
            required
            value={customer}
            onChange={(event) => setCustomer(event.currentTarget.value)}
            error={errors["customer"]}
            data-testid={TESTIDS.setup.licenceCustomer}
          />
          <TextInput
            label={t("setup.licence.code")}
            required
            autoComplete="off"
            spellCheck={false}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            error={errors["code"] && <span data-testid={TESTIDS.setup.licenceError}>{errors["code"]}</span>}
            data-testid={TESTIDS.setup.licenceCode}
          />
          <Button type="submit" variant="light" loading={fetching} data-testid={TESTIDS.setup.licenceActivate}>
            {t("setup.licence.activate")}
          </Button>
        </Stack>
      </form>
      <Text size="xs" c="dimmed">
        {t("setup.skipHint")}
      </Text>
    </Stack>
  );
}
