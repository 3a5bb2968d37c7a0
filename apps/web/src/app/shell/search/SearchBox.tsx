import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { Kbd, TextInput } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import * as TESTIDS from "../../../testids";

const GlobalSearch = lazy(async () => ({ default: await (await import("./search-module")).loadGlobalSearch() }));

/**
 * The header's search field. Until first used it is a plain field with the Ctrl + K hint; the
 * first focus or Ctrl+K loads the search (spec "It opens on focus of the search box (a Ctrl + K
 * hint shows)"; "Ctrl+K focuses the global search field").
 */
export function SearchBox(): ReactNode {
  const { t } = useTranslation();
  const [active, setActive] = useState(false);
  const [typed, setTyped] = useState("");
  const [focusSignal, setFocusSignal] = useState(0);
  // Phones have no Ctrl key to hint at, and the field needs the room for its placeholder.
  const wide = useMediaQuery("(min-width: 48em)") === true;

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== "k") return;
      event.preventDefault();
      setActive(true);
      setFocusSignal((n) => n + 1);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  const placeholder = (
    <TextInput
      type="search"
      aria-label={t("shell.search")}
      placeholder={t("shell.search")}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        wide ? (
          <Kbd size="xs" aria-label={t("shell.searchShortcut")}>
            Ctrl K
          </Kbd>
        ) : null
      }
      rightSectionWidth={wide ? 56 : undefined}
      value={typed}
      onChange={(event) => setTyped(event.currentTarget.value)}
      onFocus={() => setActive(true)}
      w={{ base: 150, sm: 260 }}
      data-testid={TESTIDS.shell.search}
    />
  );
  if (!active) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <GlobalSearch initialValue={typed} focusSignal={focusSignal} />
    </Suspense>
  );
}
