// Module resolve hooks of the front server process (registered by edge/main.ts before anything else loads).
// `server-only` throws when imported outside Next's react-server build, and the front server imports the route
// modules and server/ code directly, outside any build: map it to the package's own empty module, as Next does for
// server code (vitest.config.ts aliases it the same way for tests).
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

// The package exports only ".", so its empty.js is found beside its main file.
const main = createRequire(import.meta.url).resolve("server-only");
const emptyServerOnly = pathToFileURL(path.join(path.dirname(main), "empty.js")).href;

export async function resolve(specifier, context, nextResolve) {
  if (specifier === "server-only") return { url: emptyServerOnly, shortCircuit: true };
  return nextResolve(specifier, context);
}
