import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const UI = ["app", "components", "features"];

/**
 * The layers (docs/architecture.md), written once: each folder and the top-level folders it must not import, with
 * the reason the lint message gives. Globs are disjoint (one no-restricted-imports setting per file: a later one would
 * replace an earlier one, not add to it). tests/unit/eslint-layers.test.ts proves each line fails a wrong import.
 */
export const LAYERS = [
  {
    layer: "components/",
    files: ["components/**"],
    forbid: ["app", "features", "server", "emails"],
    why: "components/ holds primitives and small shared widgets: features compose them, not the reverse, and they reach the server only through a feature's actions",
  },
  {
    layer: "a feature's actions/",
    files: ["features/*/actions/**"],
    forbid: ["app", "components", "emails"],
    why: 'they are "use server" modules calling server/ use cases, with no UI',
  },
  {
    layer: "a feature's ui/ and model/",
    files: ["features/**"],
    ignores: ["features/*/actions/**"],
    forbid: ["app", "server", "emails"],
    why: "they reach the server only through the feature's actions/ (emails/ renders on the server)",
  },
  {
    layer: "lib/",
    files: ["lib/**"],
    forbid: ["app", "components", "features", "server", "emails"],
    why: "lib/ is shared by every layer, the browser included, so it imports only lib/ and packages",
  },
  {
    layer: "server/, worker/ and cli/",
    files: ["server/**", "worker/**", "cli/**"],
    forbid: UI,
    why: "the server side (use cases, engines, the worker and the CLI) does not import UI",
  },
  {
    layer: "edge/",
    files: ["edge/**"],
    forbid: ["components", "features", "app"],
    // The front server calls route modules' exported handlers (edge/hot-routes.ts): those, and only those, of app/.
    allow: { app: "route modules" },
    why: "the front server answers from route modules and server/ use cases, and renders no UI",
  },
  {
    layer: "emails/",
    files: ["emails/**"],
    forbid: ["app", "components", "features", "server"],
    why: "emails/ renders email from content (lib/) and is called by the server; it calls nothing back",
  },
];

/** `@/server/x`, `../server/x`, `../../server` … as written in the import (a relative path climbing to the folder). */
const importOf = (folder) => `^(@/|(\\.\\./)+)${folder}(/|$)`;
/** The same, except a route module (`…/route`, the file Next.js calls a route handler). */
const importOfExceptRoutes = (folder) => `^(@/|(\\.\\./)+)${folder}(/|$)(?!(.*/)?route(\\.ts)?$)`;

const layerRules = LAYERS.map(({ layer, files, ignores, forbid, allow = {}, why }) => ({
  files,
  ...(ignores ? { ignores } : {}),
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: forbid.map((folder) => ({
          regex: allow[folder] === "route modules" ? importOfExceptRoutes(folder) : importOf(folder),
          caseSensitive: true,
          message: `${layer} must not import ${folder}/${allow[folder] ? ` (except its ${allow[folder]})` : ""}: ${why} (docs/architecture.md).`,
        })),
      },
    ],
  },
}));

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      ".next/**",
      "node_modules/**",
      ".data/**",
      "server/db/generated/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
    ],
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  ...layerRules,
];

export default config;
