import type { ReactNode } from "react";
import { Divider, Drawer, NavLink, Stack } from "@mantine/core";
import { IconLogin, IconLogout } from "@tabler/icons-react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { isLoggedIn } from "@caresuite/domain";
import { useAppData } from "../../app/providers/AppDataProvider";
import * as TESTIDS from "../../testids";
import { Logo } from "../../ui/Logo";
import { useLoginLink } from "./MainHeader";
import { NavItems } from "./NavItems";
import { useLogout } from "./useLogout";

/** spec: "The mobile menu repeats the items plus login or logout." */
export function MobileMenu({ opened, onClose }: { opened: boolean; onClose: () => void }): ReactNode {
  const { t } = useTranslation();
  const { data } = useAppData();
  const { logout } = useLogout();
  const loginLink = useLoginLink();

  return (
    <Drawer opened={opened} onClose={onClose} size="xs" title={<Logo />} hiddenFrom="sm" data-testid={TESTIDS.shell.mobileMenu}>
      <Stack gap={2} component="nav" aria-label={t("shell.navigation")}>
        <NavItems variant="menu" onNavigate={onClose} />
        <Divider my="xs" />
        {isLoggedIn(data.user) ? (
          <NavLink
            component="button"
            label={t("shell.logout")}
            leftSection={<IconLogout size={18} aria-hidden />}
            onClick={() => {
              onClose();
              void logout();
            }}
            data-testid={TESTIDS.shell.mobileLogout}
          />
        ) : (
          <NavLink
            component={Link}
            to={loginLink}
            label={t("shell.login")}
            leftSection={<IconLogin size={18} aria-hidden />}
            onClick={onClose}
            data-testid={TESTIDS.shell.mobileLogin}
          />
        )}
      </Stack>
    </Drawer>
  );
}
