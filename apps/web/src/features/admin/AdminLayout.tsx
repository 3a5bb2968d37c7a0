import { Suspense, useMemo, type ReactNode } from "react";
import { Box, Flex, NavLink, Select, Stack, Text } from "@mantine/core";
import { Link, Outlet, useLocation, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { useAppData } from "../../app/providers/AppDataProvider";
import { hasScreen } from "../../app/screens";
import * as TESTIDS from "../../testids";
import { PageLoader } from "../../ui/PageLoader";
import { adminNavItems } from "./admin-nav";

/** /admin: the admin area's navigation (a column on desktop, a picker on phones) beside its pages. */
export function AdminLayout(): ReactNode {
  const { t } = useTranslation();
  const { data } = useAppData();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const items = useMemo(() => adminNavItems({ user: data.user, licence: data.licence }, hasScreen), [data.user, data.licence]);
  const current = items.find((item) => pathname === item.to || pathname.startsWith(`${item.to}/`));

  return (
    <Flex gap="lg" align="flex-start">
      <Box component="nav" visibleFrom="sm" w={230} style={{ flexShrink: 0 }} aria-label={t("admin.navLabel")} data-testid={TESTIDS.admin.nav}>
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4}>
          {t("admin.title")}
        </Text>
        {items.map((item) => (
          <NavLink
            key={item.path}
            component={Link}
            to={item.to}
            label={t(item.labelKey)}
            active={item === current}
            aria-current={item === current ? "page" : undefined}
            data-testid={TESTIDS.admin.navItem(item.path)}
          />
        ))}
      </Box>
      <Stack gap="md" style={{ flex: 1, minWidth: 0 }}>
        <Select
          hiddenFrom="sm"
          label={t("admin.navSelect")}
          data={items.map((item) => ({ value: item.to, label: t(item.labelKey) }))}
          value={current?.to ?? null}
          onChange={(to) => {
            if (to) navigate(to);
          }}
          allowDeselect={false}
          data-testid={TESTIDS.admin.navSelect}
        />
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Stack>
    </Flex>
  );
}
