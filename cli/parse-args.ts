// Argument parsing for the operator CLI, kept pure so it is unit-tested.
export type CliCommand =
  | { kind: "workspace.create"; name: string; ownerEmail?: string }
  | { kind: "keys.create"; workspace: string; name: string; scope: "read" | "write" };

export const usage = `Usage:
  npm run sendwell -- workspace create --name NAME [--owner-email EMAIL]   prints the new workspace's slug
  npm run sendwell -- keys create --workspace SLUG --name NAME --scope read|write   prints the new API key`;

type Parsed = { ok: true; command: CliCommand } | { ok: false; error: string };

function flags(args: string[]): Record<string, string> | string {
  const out: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith("--")) return `Unexpected argument "${arg}".`;
    const [key, inline] = arg.slice(2).split(/=(.*)/s, 2);
    const value = inline ?? args[++i];
    if (!key || value === undefined || value.startsWith("--")) return `--${key} needs a value.`;
    out[key] = value;
  }
  return out;
}

export function parseCli(argv: string[]): Parsed {
  const [group, action, ...rest] = argv;
  const f = flags(rest);
  if (typeof f === "string") return { ok: false, error: f };
  const unknown = (allowed: string[]) => Object.keys(f).find((k) => !allowed.includes(k));
  if (group === "workspace" && action === "create") {
    const bad = unknown(["name", "owner-email"]);
    if (bad) return { ok: false, error: `Unknown option --${bad}.` };
    if (!f.name?.trim()) return { ok: false, error: "--name is required." };
    return { ok: true, command: { kind: "workspace.create", name: f.name.trim(), ownerEmail: f["owner-email"] } };
  }
  if (group === "keys" && action === "create") {
    const bad = unknown(["workspace", "name", "scope"]);
    if (bad) return { ok: false, error: `Unknown option --${bad}.` };
    if (!f.workspace) return { ok: false, error: "--workspace is required." };
    if (!f.name?.trim()) return { ok: false, error: "--name is required." };
    if (f.scope !== "read" && f.scope !== "write") return { ok: false, error: "--scope must be read or write." };
    return { ok: true, command: { kind: "keys.create", workspace: f.workspace, name: f.name.trim(), scope: f.scope } };
  }
  return { ok: false, error: argv.length ? `Unknown command "${argv.slice(0, 2).join(" ")}".` : "No command given." };
}
