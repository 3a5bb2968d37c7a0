import { resolve } from "node:path";
import { defineConfig, type Plugin } from "vite";
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
        if (request.url && /^\/display(\/[^/?]+)?(\/call\/\d+)?\/?(\?.*)?$/.test(request.url)) request.url = `/display.html${request.url.replace(/^[^?]*/, "")}`;
        next();
      });
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
    plugins: [react(), displayEntryInDev()],
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
