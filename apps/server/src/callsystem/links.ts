import { createLink, type CallSystemLink, type LinkDeps } from "./link.ts";

/** The links of all configured systems; (re)built when systems change. */
export interface CallSystemLinks {
  get(systemId: number): CallSystemLink | undefined;
  all(): CallSystemLink[];
  /** Reads the systems table and starts, restarts or stops links to match it. */
  refresh(): Promise<void>;
  stop(): Promise<void>;
}

export function createLinks(deps: LinkDeps): CallSystemLinks {
  const links = new Map<number, { link: CallSystemLink; key: string }>();
  return {
    get: (systemId) => links.get(systemId)?.link,
    all: () => [...links.values()].map((l) => l.link),
    refresh: async () => {
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
    },
    stop: async () => {
      for (const { link } of links.values()) await link.stop();
      links.clear();
    },
  };
}
