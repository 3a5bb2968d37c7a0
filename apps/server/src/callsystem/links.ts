import { createLink, type CallSystemLink, type LinkDeps } from "./link.ts";

/** The links of all configured systems; (re)built when systems change. */
export interface CallSystemLinks {
  get(systemId: number): CallSystemLink | undefined;
  all(): CallSystemLink[];
  /** Reads the systems table and starts, restarts or stops links to match it. */
  refresh(): Promise<void>;
  /** Drops the system's link and connects anew (the maintenance tool); false when it has none. */
  restart(systemId: number): Promise<boolean>;
  stop(): Promise<void>;
}

export function createLinks(deps: LinkDeps): CallSystemLinks {
  const links = new Map<number, { link: CallSystemLink; key: string }>();
  const refresh = async (): Promise<void> => {
    const systems = await deps.db.kysely.selectFrom("systems").select(["id", "ip", "tcp_port", "username", "password"]).execute();
    const wanted = new Set(systems.map((s) => s.id));
    for (const [id, entry] of links) {
      if (!wanted.has(id)) {
        await entry.link.stop();
        links.delete(id);
      }
    }
    for (const system of systems) {
      const key = `${system.ip}:${system.tcp_port}:${system.username}:${system.password}`;
      const existing = links.get(system.id);
      if (existing?.key === key) continue;
      await existing?.link.stop();
      const link = createLink(system.id, { host: system.ip, port: system.tcp_port, username: system.username, password: system.password }, deps);
      links.set(system.id, { link, key });
      link.start();
    }
  };
  return {
    get: (systemId) => links.get(systemId)?.link,
    all: () => [...links.values()].map((l) => l.link),
    refresh,
    restart: async (systemId) => {
      const entry = links.get(systemId);
      if (!entry) return false;
      await entry.link.stop();
      links.delete(systemId);
      await refresh();
      return true;
    },
    stop: async () => {
      for (const { link } of links.values()) await link.stop();
      links.clear();
    },
  };
}
