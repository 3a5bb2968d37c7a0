import type { ReactNode } from "react";
import { Burger, Button, Group } from "@mantine/core";
import { IconLogin, IconLogout } from "@tabler/icons-react";
import { Link, useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { isLoggedIn, PRODUCT_NAME, routePathByName, showSystemSearch } from "@caresuite/domain";
import { useAppData } from "../../app/providers/AppDataProvider";
import * as TESTIDS from "../../testids";
import { Logo } from "../../ui/Logo";
import { NavItems } from "./NavItems";
import { SearchBox } from "./search/SearchBox";
import { useLogout } from "./useLogout";

interface MainHeaderProps {
  committing: boolean;
  menuOpen: boolean;
  onToggleMenu: () => void;
}

/** The current location as a login redirect target, so logging in returns here. */
export function useLoginLink(): string {
  const { pathname, search } = useLocation();
  return `${routePathByName("login")}?redirect=${encodeURIComponent(`${pathname}${search}`)}`;
}

/** Logo, navigation and the login/logout action. Blurred and inert while a commit runs. */
export function MainHeader({ committing, menuOpen, onToggleMenu }: MainHeaderProps): ReactNode {
  const { t } = useTranslation();
  const { data } = useAppData();
  const { logout, pending } = useLogout();
  const loginLink = useLoginLink();
  const loggedIn = isLoggedIn(data.user);

  return (
    <Group
      component="header"
      justify="space-between"
      wrap="nowrap"
      px="md"
      h={56}
      style={{
        borderBottom: "1px solid var(--mantine-color-gray-3)",
        // spec: "While committing, the main header is blurred and not clickable."
        ...(committing ? { filter: "blur(2px)", pointerEvents: "none" as const } : {}),
      }}
      aria-disabled={committing || undefined}
      inert={committing || undefined}
    >
      <Group gap="lg" wrap="nowrap">
        {/* The accessible name starts with the visible text (WCAG 2.5.3 "label in name"). */}
        <Link
          to={routePathByName("homepage")}
          aria-label={`${PRODUCT_NAME} – ${t("shell.home")}`}
          style={{ textDecoration: "none" }}
          data-testid={TESTIDS.shell.logo}
        >
          <Logo />
        </Link>
        <Group gap={4} visibleFrom="sm" component="nav" aria-label={t("shell.navigation")}>
          <NavItems variant="bar" />
        </Group>
      </Group>
      <Group gap="xs" wrap="nowrap">
        {showSystemSearch({ user: data.user, licence: data.licence }) && <SearchBox />}
        <Group visibleFrom="sm">
          {loggedIn ? (
            <Button variant="subtle" leftSection={<IconLogout size={16} />} onClick={() => void logout()} loading={pending} data-testid={TESTIDS.shell.logout}>
              {t("shell.logout")}
            </Button>
          ) : (
            <Button component={Link} to={loginLink} leftSection={<IconLogin size={16} />} data-testid={TESTIDS.shell.login}>
              {t("shell.login")}
            </Button>
          )}
        </Group>
        <Burger hiddenFrom="sm" opened={menuOpen} onClick={onToggleMenu} aria-label={t("shell.menu")} data-testid={TESTIDS.shell.burger} />
      </Group>
    </Group>
  );
}
