import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// The server (apps/server) owns /backend and /demo; in development Vite only serves the client
// and forwards those paths so cookies and the WebSocket share one origin, as in production.
const BACKEND = "http://127.0.0.1:8080";

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // Reported by `vite build`; the /login budget is checked on gzip sizes.
    reportCompressedSize: true,
    // Everything the entry loads statically is one chunk (docs/decisions/003-initial-chunk.md):
    // otherwise each lazily loaded feature that shares a few modules with the entry splits the
    // entry into more, smaller files, and /login pays for every split.
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: "initial", tags: ["$initial"] }] },
      },
    },
    // That chunk is what every page loads first anyway (~600 kB raw, ~190 kB gzip).
    chunkSizeWarningLimit: 700,
  },
  server: {
    proxy: {
      "/backend": { target: BACKEND, ws: true },
      // Only below /demo/: the /demo page itself is the client's.
      "^/demo/": { target: BACKEND },
    },
  },
});
