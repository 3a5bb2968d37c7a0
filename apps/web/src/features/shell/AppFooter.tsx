import type { ReactNode } from "react";
import { Badge, Group, Text, Tooltip } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { PRODUCT_NAME, PRODUCT_VERSION, isLoggedIn } from "@caresuite/domain";
import { useAppData } from "../../app/providers/AppDataProvider";
import { TESTIDS } from "../../testids";

/**
 * spec: "A footer shows the product version, the licence name (highlighted red when the licence
 * id is 0) and the user's name." Issue 9.7: a server that trusts the development licence key
 * says so on every page, so such an installation is never mistaken for a real one.
 */
export function AppFooter(): ReactNode {
  const { t } = useTranslation();
  const { data } = useAppData();
  const { licence, user, developmentLicenceKey } = data;
  const unlicensed = licence.id === 0;

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
      <Group gap="md">
        {developmentLicenceKey && (
          <Tooltip label={t("footer.developmentKeyHint")} multiline w={280} withArrow>
            <Badge color="yellow" autoContrast variant="filled" size="sm" radius="sm" data-development-key>
              {t("footer.developmentKey")}
            </Badge>
          </Tooltip>
        )}
        <Text
          size="xs"
          c={unlicensed ? "red" : "dimmed"}
          fw={unlicensed ? 600 : undefined}
          data-testid={TESTIDS.shell.footerLicence}
          data-unlicensed={unlicensed || undefined}
        >
          {t("footer.licence", { name: unlicensed ? t("footer.unlicensed") : licence.name })}
        </Text>
        {isLoggedIn(user) && (
          <Text size="xs" c="dimmed" data-testid={TESTIDS.shell.footerUser}>
            {user.name || user.username}
          </Text>
        )}
      </Group>
    </Group>
  );
}
