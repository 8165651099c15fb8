import { describe, expect, it } from "vitest";
import { parseCli } from "./parse-args";

describe("operator CLI arguments", () => {
  it("parses workspace create", () => {
    expect(parseCli(["workspace", "create", "--name", "Acme", "--owner-email", "a@b.co"])).toEqual({
      ok: true,
      command: { kind: "workspace.create", name: "Acme", ownerEmail: "a@b.co" },
    });
    expect(parseCli(["workspace", "create", "--name=Acme Inc"])).toEqual({
      ok: true,
      command: { kind: "workspace.create", name: "Acme Inc", ownerEmail: undefined },
    });
  });

  it("parses keys create", () => {
    expect(parseCli(["keys", "create", "--workspace", "acme", "--name", "CI", "--scope", "read"])).toEqual({
      ok: true,
      command: { kind: "keys.create", workspace: "acme", name: "CI", scope: "read" },
    });
  });

  it.each([
    [[], "No command given."],
    [["keys", "delete"], 'Unknown command "keys delete".'],
    [["workspace", "create"], "--name is required."],
    [["workspace", "create", "--name"], "--name needs a value."],
    [["workspace", "create", "--name", "A", "--color", "red"], "Unknown option --color."],
    [["keys", "create", "--workspace", "acme", "--name", "x", "--scope", "admin"], "--scope must be read or write."],
    [["keys", "create", "--name", "x", "--scope", "read"], "--workspace is required."],
    [["workspace", "create", "stray"], 'Unexpected argument "stray".'],
  ])("rejects %j", (argv, error) => {
    expect(parseCli(argv)).toEqual({ ok: false, error });
  });
});
