import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { Alert, Box, Center, Group, Kbd, Loader, Popover, Stack, Switch, Text, TextInput, UnstyledButton } from "@mantine/core";
import { useDebouncedValue, useMediaQuery } from "@mantine/hooks";
import { IconAlertCircle, IconAlertTriangle, IconMagnet, IconSearch } from "@tabler/icons-react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { useQuery, useSubscription } from "urql";
import { highlightMatch, searchQuery, SEARCH_DEBOUNCE_MS, SEARCH_MAGNET_RETRY_MS, SEARCH_POPUP_MAX_WIDTH_PX, SEARCH_SPINNER_DELAY_MS } from "@caresuite/domain";
import * as TESTIDS from "../../../testids";
import { magnetProblem, type MagnetProblem } from "./magnet";
import { hitTarget, nextPosition, shownGroups, type SearchHit } from "./search-results";
import { GLOBAL_SEARCH, HUB_PRINTER_MESSAGE } from "./search.graphql";

interface GlobalSearchProps {
  initialValue: string;
  /** Changes each time Ctrl+K is pressed: focus the field again. */
  focusSignal: number;
}

/** True once `active` has lasted `delay` ms (spec: "A spinner shows 200 ms after loading begins"). */
function useDelayedFlag(active: boolean, delay: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return undefined;
    }
    const timer = window.setTimeout(() => setShown(true), delay);
    return () => window.clearTimeout(timer);
  }, [active, delay]);
  return shown;
}

interface MagnetNode {
  id: number;
  kind: string;
  name: string;
  serial: string | null;
  parent_name: string | null;
}

/**
 * The global search (spec screens "Global search"): opens on focus, searches after a 500 ms pause
 * once the trimmed text has 2 characters, shows hits by category with the match highlighted,
 * arrow keys and Enter choose, Escape closes. The magnet mode lists the devices the hubs report
 * as touched with the magnet. Loaded on the first focus or Ctrl+K, not with the shell.
 */
export function GlobalSearch({ initialValue, focusSignal }: GlobalSearchProps): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const [value, setValue] = useState(initialValue);
  const [open, setOpen] = useState(true);
  const [active, setActive] = useState(-1);
  const [magnet, setMagnet] = useState(false);
  const [query] = useDebouncedValue(searchQuery(value), SEARCH_DEBOUNCE_MS);
  const wide = useMediaQuery("(min-width: 48em)") === true;

  useEffect(() => {
    input.current?.focus();
    setOpen(true);
  }, [focusSignal]);

  const [{ data, fetching, error }] = useQuery({ query: GLOBAL_SEARCH, variables: { query: query ?? "" }, pause: query === null || magnet });
  const spinner = useDelayedFlag(fetching, SEARCH_SPINNER_DELAY_MS);
  const answer = data?.search;
  const { groups, count } = shownGroups(query === null ? [] : (answer ?? []));
  const hits = groups.flatMap((group) => group.hits);

  const go = (hit: Pick<SearchHit, "entity" | "kind">): void => {
    setOpen(false);
    input.current?.blur();
    void navigate(hitTarget(hit));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === "Escape") {
      event.preventDefault();
      setOpen(false);
      return;
    }
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      setActive((current) => nextPosition(current, count, event.key as "ArrowDown" | "ArrowUp"));
      return;
    }
    if (event.key === "Enter") {
      const chosen = hits.find((entry) => entry.position === active) ?? hits[0];
      if (chosen) {
        event.preventDefault();
        go(chosen.hit);
      }
    }
  };

  const optionId = (position: number): string => `${listId}-option-${position}`;

  return (
    <Popover
      opened={open}
      onChange={setOpen}
      position="bottom-start"
      width={`min(${SEARCH_POPUP_MAX_WIDTH_PX}px, calc(100vw - 16px))`}
      closeOnEscape={false}
      shadow="md"
      trapFocus={false}
      returnFocus={false}
    >
      <Popover.Target>
        <TextInput
          ref={input}
          type="search"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
          aria-label={t("shell.search")}
          placeholder={t("shell.search")}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={
            spinner ? (
              <Loader size="xs" aria-label={t("common.loading")} data-testid={TESTIDS.shell.searchSpinner} />
            ) : wide ? (
              <Kbd size="xs" aria-label={t("shell.searchShortcut")}>
                Ctrl K
              </Kbd>
            ) : null
          }
          rightSectionWidth={wide ? 56 : undefined}
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setActive(-1);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          w={{ base: 150, sm: 260 }}
          data-testid={TESTIDS.shell.search}
        />
      </Popover.Target>
      <Popover.Dropdown p="xs" data-testid={TESTIDS.shell.searchPopup}>
        <Group justify="space-between" mb="xs" wrap="nowrap">
          <Text size="xs" c="dimmed">
            {magnet ? t("search.magnet.hint") : t("search.hint")}
          </Text>
          <Switch
            size="xs"
            label={t("search.magnet.label")}
            checked={magnet}
            onChange={(event) => setMagnet(event.currentTarget.checked)}
            thumbIcon={<IconMagnet size={10} aria-hidden />}
            data-testid={TESTIDS.shell.searchMagnet}
          />
        </Group>
        {magnet ? (
          <MagnetPanel onChoose={(node) => go({ entity: node.id, kind: node.kind })} />
        ) : (
          // A listbox only around options: the empty and error states are plain text (ARIA: a listbox owns options).
          <Box
            id={listId}
            role={count > 0 ? "listbox" : undefined}
            aria-label={count > 0 ? t("search.results") : undefined}
            mah="60vh"
            style={{ overflowY: "auto" }}
          >
            {error && !data ? (
              <Alert color="red" icon={<IconAlertCircle size={16} />} data-testid={TESTIDS.shell.searchError}>
                {t("search.error")}
              </Alert>
            ) : count === 0 ? (
              <NoHits typed={query !== null} loading={fetching || query !== searchQuery(value)} />
            ) : (
              groups.map((group) => (
                <Box key={group.category} role="group" aria-labelledby={`${listId}-${group.category}`} mb="xs" data-testid={TESTIDS.shell.searchCategory}>
                  <Text id={`${listId}-${group.category}`} size="xs" fw={700} tt="uppercase" c="dimmed" px="xs" py={2}>
                    {t(`search.categories.${group.category}`, { defaultValue: group.category })}
                  </Text>
                  {group.hits.map(({ hit, position }) => (
                    <ResultOption
                      key={`${hit.kind}-${hit.entity}-${hit.key}`}
                      id={optionId(position)}
                      hit={hit}
                      query={query ?? ""}
                      selected={position === active}
                      onChoose={() => go(hit)}
                      onHover={() => setActive(position)}
                    />
                  ))}
                </Box>
              ))
            )}
          </Box>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}

/** spec: "With no hits it shows a no-hits title (only if text was typed) and text." */
function NoHits({ typed, loading }: { typed: boolean; loading: boolean }): ReactNode {
  const { t } = useTranslation();
  if (typed && loading) {
    return (
      <Text size="sm" c="dimmed" px="xs" py="sm">
        {t("search.searching")}
      </Text>
    );
  }
  return (
    <Stack gap={2} px="xs" py="sm" data-testid={TESTIDS.shell.searchNoHits}>
      {typed && (
        <Text size="sm" fw={600}>
          {t("search.noHitsTitle")}
        </Text>
      )}
      <Text size="sm" c="dimmed">
        {typed ? t("search.noHitsText") : t("search.startText")}
      </Text>
    </Stack>
  );
}

interface ResultOptionProps {
  id: string;
  hit: SearchHit;
  query: string;
  selected: boolean;
  onChoose: () => void;
  onHover: () => void;
}

/** One hit: the matching field's text with the match marked, the field and the parent as context. */
function ResultOption({ id, hit, query, selected, onChoose, onHover }: ResultOptionProps): ReactNode {
  const { t } = useTranslation();
  const parts = highlightMatch(hit.text, query);
  const field = hit.key === "name" ? null : t(`search.fields.${hit.key}`, { defaultValue: hit.key });
  return (
    <UnstyledButton
      id={id}
      role="option"
      aria-selected={selected}
      tabIndex={-1}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onChoose}
      onMouseEnter={onHover}
      w="100%"
      px="xs"
      py={4}
      data-testid={TESTIDS.shell.searchResult}
      data-entity={hit.entity}
      data-kind={hit.kind}
      style={{ borderRadius: "var(--mantine-radius-sm)", background: selected ? "var(--mantine-color-blue-light)" : undefined, display: "block" }}
    >
      <Text size="sm" style={{ overflowWrap: "anywhere" }}>
        {parts.before}
        {parts.match && <mark>{parts.match}</mark>}
        {parts.after}
      </Text>
      <Text size="xs" c="dimmed">
        {[t(`search.kinds.${hit.kind}`, { defaultValue: hit.kind }), field, hit.context].filter(Boolean).join(" · ")}
      </Text>
    </UnstyledButton>
  );
}

/**
 * spec: "A magnet polling mode uses hub printer messages, enabled by a switch." The nodes the
 * hubs report, newest first; a connection error subscribes again after 5000 ms.
 */
function MagnetPanel({ onChoose }: { onChoose: (node: MagnetNode) => void }): ReactNode {
  const { t } = useTranslation();
  const [nodes, setNodes] = useState<MagnetNode[]>([]);
  const [retryAt, setRetryAt] = useState(0);
  const [{ data, error }, resubscribe] = useSubscription({ query: HUB_PRINTER_MESSAGE });
  const message = data?.hubPrinterMessage;
  const problem: MagnetProblem | null = error ? magnetProblem(error) : message?.error ? magnetProblem({ graphQLErrors: [{ message: message.error }] }) : null;

  useEffect(() => {
    const node = message?.system_tree_node;
    if (!node) return;
    setNodes((current) => [node, ...current.filter((other) => other.id !== node.id)].slice(0, 20));
  }, [message]);

  useEffect(() => {
    if (problem?.kind !== "connection") return undefined;
    const timer = window.setTimeout(() => {
      setRetryAt(Date.now());
      resubscribe({ requestPolicy: "network-only" });
    }, SEARCH_MAGNET_RETRY_MS);
    return () => window.clearTimeout(timer);
    // `retryAt` makes every failed retry wait again.
  }, [problem?.kind, retryAt, resubscribe]);

  return (
    <Stack gap="xs">
      {problem?.kind === "noHubs" && (
        <Alert color="yellow" icon={<IconAlertTriangle size={16} />} title={t("search.magnet.noHubsTitle")} data-testid={TESTIDS.shell.searchMagnetWarning}>
          {t("search.magnet.noHubs")}
        </Alert>
      )}
      {problem?.kind === "error" && (
        <Alert color="red" icon={<IconAlertCircle size={16} />} title={t("search.magnet.errorTitle")} data-testid={TESTIDS.shell.searchError}>
          {problem.message}
        </Alert>
      )}
      {problem?.kind === "connection" && (
        <Text size="sm" c="dimmed">
          {t("search.magnet.retrying")}
        </Text>
      )}
      {nodes.length === 0 && problem === null && (
        <Center py="sm">
          <Group gap="xs">
            <Loader size="xs" type="dots" aria-hidden />
            <Text size="sm" c="dimmed">
              {t("search.magnet.waiting")}
            </Text>
          </Group>
        </Center>
      )}
      {nodes.map((node) => (
        <UnstyledButton
          key={node.id}
          onClick={() => onChoose(node)}
          px="xs"
          py={4}
          data-testid={TESTIDS.shell.searchResult}
          data-entity={node.id}
          data-kind={node.kind}
        >
          <Text size="sm" fw={500}>
            {node.name}
          </Text>
          <Text size="xs" c="dimmed">
            {[t(`search.kinds.${node.kind}`, { defaultValue: node.kind }), node.serial, node.parent_name].filter(Boolean).join(" · ")}
          </Text>
        </UnstyledButton>
      ))}
      <Group gap={4}>
        <Kbd size="xs">Esc</Kbd>
        <Text size="xs" c="dimmed">
          {t("search.closeHint")}
        </Text>
      </Group>
    </Stack>
  );
}
