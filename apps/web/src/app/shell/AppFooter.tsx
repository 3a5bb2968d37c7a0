import type { ReactNode } from "react";
import { Badge, Group, Text, Tooltip } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { PRODUCT_NAME, PRODUCT_VERSION, isLoggedIn, licenceStatus } from "@caresuite/domain";
import { useAppData } from "../../app/providers/AppDataProvider";
import * as TESTIDS from "../../testids";
import { footerLicenceText } from "../../ui/licence-text";

/**
 * spec: "A footer shows the product version, the licence name (highlighted red when the licence
 * id is 0) and the user's name." a server that trusts the development licence key
 * says so on every page, so such an installation is never mistaken for a real one. the
 * demo licence shows as a "Demo" badge; no licence reads "unlicensed, default limits".
 */
export function AppFooter(): ReactNode {
  const { t } = useTranslation();
  const { data } = useAppData();
  const { licence, user, developmentLicenceKey } = data;
  const status = licenceStatus(licence);
  const unlicensed = status === "unlicensed";
  const text = footerLicenceText(licence);

  return (
    <Group
      component="footer"
      justify="space-between"
      px="md"
      py={6}
      gap="xs"
      style={{ borderTop: "1px solid var(--mantine-color-gray-3)" }}
      data-testid={TESTIDS.shell.footer}
    >
      <Text size="xs" c="dimmed" data-testid={TESTIDS.shell.footerVersion}>
        {PRODUCT_NAME} {t("footer.version", { version: PRODUCT_VERSION })}
      </Text>
      <Group gap="xs" wrap="wrap" justify="flex-end">
        {developmentLicenceKey && (
          <Tooltip label={t("footer.developmentKeyHint")} multiline w={280} withArrow>
            <Badge color="yellow" autoContrast variant="filled" size="sm" radius="sm" data-development-key>
              {t("footer.developmentKey")}
            </Badge>
          </Tooltip>
        )}
        {status === "demo" ? (
          <Tooltip label={t(text.key, text.values)} multiline w={240} withArrow>
            <Badge color="grape" variant="filled" size="sm" radius="sm" data-testid={TESTIDS.shell.footerLicence} data-demo>
              {t("footer.demo")}
            </Badge>
          </Tooltip>
        ) : (
          <Text
            size="xs"
            // spec: "highlighted red when the licence id is 0" (red.8 keeps 4.5:1 on white).
            c={unlicensed ? "red.8" : "dimmed"}
            fw={unlicensed ? 600 : undefined}
            data-testid={TESTIDS.shell.footerLicence}
            data-unlicensed={unlicensed || undefined}
          >
            {t(text.key, text.values)}
          </Text>
        )}
        {isLoggedIn(user) && (
          <Text size="xs" c="dimmed" data-testid={TESTIDS.shell.footerUser}>
            {user.name || user.username}
          </Text>
        )}
      </Group>
    </Group>
  );
}
