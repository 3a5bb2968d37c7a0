import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["**/node_modules/**", "**/dist/**", "data/**", "**/generated/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    // Architecture (DESIGN.md §4): packages never import apps; the web never imports the server.
    files: ["packages/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: ["**/apps/**", "@caresuite/server", "@caresuite/web"] }] },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: ["**/apps/server/**", "@caresuite/server"] }] },
  },
  {
    // One-way layers (issue 11, docs/ARCHITECTURE.md): the call-system adapter speaks the protocol
    // and gets what events do from the calls module at wiring time; it never imports a module.
    files: ["apps/server/src/callsystem/**"],
    rules: { "no-restricted-imports": ["error", { patterns: ["**/modules/**"] }] },
  },
);
