import { resolve } from "node:path";
import { defineConfig, type Plugin, type Rollup } from "vite";
import react from "@vitejs/plugin-react";

// The server (apps/server) owns /backend and /demo; in development Vite only serves the client
// and forwards those paths so cookies and the WebSocket share one origin, as in production.
const BACKEND = "http://127.0.0.1:8080";

/** In development, /display[/<slug>][/call/<id>] get display.html, as the server does in production. */
function displayEntryInDev(): Plugin {
  return {
    name: "caresuite-display-entry",
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        if (request.url && /^\/display(\/[^/?]+)?(\/call\/\d+)?\/?(\?.*)?$/.test(request.url))
          request.url = `/display.html${request.url.replace(/^[^?]*/, "")}`;
        next();
      });
    },
  };
}

/**
 * Lets the app page fetch the sign-in screen's lazy chunks together with the first chunk
 * (docs/decisions/013-static-assets.md). A first visit always shows /login (or the setup wizard,
 * whose parts overlap), but the router discovers LoginPage only after the first chunk has run:
 * one more round trip on a phone before anything is painted. Preloaded, they arrive with it.
 * Signed-in users fetch them once too; they are immutable and then come from the cache.
 */
function preloadSignInScreen(): Plugin {
  const SCREEN = "/src/features/auth/LoginPage.tsx";
  return {
    name: "caresuite-preload-sign-in",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, context) {
        const chunks = Object.values(context.bundle ?? {}).filter((item): item is Rollup.OutputChunk => item.type === "chunk");
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const files = new Set<string>();
        const visit = (chunk: Rollup.OutputChunk | undefined): void => {
          if (!chunk || chunk.isEntry || files.has(chunk.fileName)) return;
          files.add(chunk.fileName);
          for (const imported of chunk.imports) visit(byFile.get(imported));
        };
        for (const chunk of chunks) if (chunk.facadeModuleId?.endsWith(SCREEN)) visit(chunk);
        if (files.size === 0) throw new Error(`preloadSignInScreen: no chunk for ${SCREEN}`);
        // crossorigin as on Vite's own modulepreload links, so the module request reuses the preload.
        return [...files]
          .sort()
          .map((file) => ({ tag: "link", attrs: { rel: "modulepreload", crossorigin: true, href: `/${file}` }, injectTo: "head" as const }));
      },
    },
  };
}

/**
 * Two builds into one dist (docs/decisions/006-display-entry.md): the app (index.html) and, with
 * `--mode display`, the wall-screen board (display.html). Separate builds, not two inputs of one:
 * each page's first chunk then holds exactly what that page uses, and neither page's chunks are
 * cut up by the other's lazy imports.
 */
export default defineConfig(({ mode }) => {
  const display = mode === "display";
  return {
    plugins: [react(), displayEntryInDev(), ...(display ? [] : [preloadSignInScreen()])],
    build: {
      outDir: "dist",
      // The display build adds its files next to the app's.
      emptyOutDir: !display,
      // Reported by `vite build`; the /login and /display budgets are checked on gzip sizes.
      reportCompressedSize: true,
      rolldownOptions: {
        input: resolve(import.meta.dirname, display ? "display.html" : "index.html"),
        output: {
          // Everything the entry loads statically is one chunk (docs/decisions/003-initial-chunk.md):
          // otherwise each lazily loaded feature that shares a few modules with the entry splits
          // the entry into more, smaller files, and the first page pays for every split.
          codeSplitting: { groups: [{ name: display ? "display-initial" : "initial", tags: ["$initial"] }] },
        },
      },
      // Every browser we support preloads modules natively; the polyfill would cost each page.
      modulePreload: { polyfill: false },
      // That chunk is what every page loads first anyway (~550 kB raw, ~170 kB gzip).
      chunkSizeWarningLimit: 700,
    },
    server: {
      proxy: {
        "/backend": { target: BACKEND, ws: true },
        // Only below /demo/: the /demo page itself is the client's.
        "^/demo/": { target: BACKEND },
      },
    },
  };
});
