// The layer rule (eslint.config.mjs, docs/architecture.md) run through ESLint's Node API on imports written for the
// purpose: each wrong direction is reported, by `@/` alias and by relative path, and the right ones are not. The
// cases are written here from the architecture's words, not read from the config, so a rule that loses a line fails.
import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

type Case = { file: string; source: string };
const importing = (file: string, spec: string): Case => ({
  file,
  source: `import { x } from "${spec}";\nexport { x };\n`,
});

/** [file, import] pairs the rule must report, with the sentence's start it must report them with. */
const WRONG: [string, string, string][] = [
  ["components/ui/widget.ts", "@/app/(dashboard)/broadcasts/actions", "components/ must not import app/"],
  ["components/ui/widget.ts", "../../app/(dashboard)/_lib/dashboard-context", "components/ must not import app/"],
  ["components/ui/widget.ts", "@/features/composer/ui/composer", "components/ must not import features/"],
  [
    "components/broadcasts/widget.ts",
    "../../features/broadcast-send/ui/send-panel",
    "components/ must not import features/",
  ],
  ["components/ui/widget.ts", "@/server/db/client", "components/ must not import server/"],
  ["components/ui/widget.ts", "@/emails/compile", "components/ must not import emails/"],
  ["lib/helper.ts", "@/app/(dashboard)/_lib/dashboard-context", "lib/ must not import app/"],
  ["lib/helper.ts", "@/components/ui/button", "lib/ must not import components/"],
  ["lib/helper.ts", "@/features/composer/model/block-ops", "lib/ must not import features/"],
  ["lib/helper.ts", "@/server/db/client", "lib/ must not import server/"],
  ["lib/helper.ts", "../server/db/client", "lib/ must not import server/"],
  ["lib/helper.ts", "@/emails/preview", "lib/ must not import emails/"],
  ["lib/schemas/helper.ts", "../../emails/compile", "lib/ must not import emails/"],
  [
    "features/composer/ui/widget.ts",
    "@/app/(dashboard)/_lib/dashboard-context",
    "a feature's ui/ and model/ must not import app/",
  ],
  [
    "features/composer/ui/panels/widget.ts",
    "../../../../app/(dashboard)/_lib/load-all",
    "a feature's ui/ and model/ must not import app/",
  ],
  ["features/composer/ui/widget.ts", "@/server/db/client", "a feature's ui/ and model/ must not import server/"],
  [
    "features/composer/model/state.ts",
    "@/server/services/broadcasts/get-broadcast",
    "a feature's ui/ and model/ must not import server/",
  ],
  ["features/form-builder/ui/widget.ts", "@/emails/preview", "a feature's ui/ and model/ must not import emails/"],
  [
    "features/composer/actions/more-actions.ts",
    "@/app/(dashboard)/broadcasts/actions",
    "a feature's actions/ must not import app/",
  ],
  [
    "features/composer/actions/more-actions.ts",
    "@/components/ui/button",
    "a feature's actions/ must not import components/",
  ],
  ["features/composer/actions/more-actions.ts", "@/emails/preview", "a feature's actions/ must not import emails/"],
  [
    "server/services/broadcasts/helper.ts",
    "@/app/(dashboard)/broadcasts/actions",
    "server/, worker/ and cli/ must not import app/",
  ],
  [
    "server/services/contacts/helper.ts",
    "../../../components/contacts/status-badge",
    "server/, worker/ and cli/ must not import components/",
  ],
  [
    "server/sending/helper.ts",
    "@/features/composer/model/block-ops",
    "server/, worker/ and cli/ must not import features/",
  ],
  ["worker/helper.ts", "@/components/ui/button", "server/, worker/ and cli/ must not import components/"],
  ["cli/helper.ts", "@/app/api/health/route", "server/, worker/ and cli/ must not import app/"],
  ["emails/helper.ts", "@/app/(dashboard)/_lib/dashboard-context", "emails/ must not import app/"],
  ["emails/blocks/helper.ts", "@/components/ui/button", "emails/ must not import components/"],
  ["emails/helper.ts", "@/features/composer/model/block-ops", "emails/ must not import features/"],
  ["emails/helper.ts", "../server/db/client", "emails/ must not import server/"],
  ["edge/helper.ts", "@/components/ui/button", "edge/ must not import components/"],
  ["edge/helper.ts", "@/features/composer/model/block-ops", "edge/ must not import features/"],
  [
    "edge/helper.ts",
    "@/app/(dashboard)/_lib/dashboard-context",
    "edge/ must not import app/ (except its route modules)",
  ],
  ["edge/helper.ts", "../app/(public)/t/o/[token]/page", "edge/ must not import app/ (except its route modules)"],
  ["edge/helper.ts", "@/app/api/myroute", "edge/ must not import app/ (except its route modules)"],
];

/** [file, import] pairs the rule must leave alone. */
const RIGHT: [string, string][] = [
  ["components/ui/widget.ts", "@/lib/format"],
  ["components/ui/widget.ts", "./button"],
  ["components/broadcasts/widget.ts", "../ui/button"],
  ["lib/helper.ts", "@/lib/email-content/links"],
  ["lib/schemas/helper.ts", "../storable-dates"],
  ["lib/helper.ts", "zod"],
  ["features/composer/ui/widget.ts", "@/components/ui/button"],
  ["features/composer/ui/widget.ts", "../model/block-ops"],
  ["features/composer/ui/widget.ts", "../actions/composer-actions"],
  ["features/composer/ui/widget.ts", "@/features/broadcast-send/ui/send-panel"],
  ["features/composer/ui/widget.ts", "@/lib/email-content/themes"],
  ["features/composer/actions/more-actions.ts", "@/server/services/broadcasts/get-broadcast"],
  ["features/composer/actions/more-actions.ts", "@/lib/schemas/broadcasts"],
  ["server/services/broadcasts/helper.ts", "@/emails/preview"],
  ["server/services/broadcasts/helper.ts", "@/lib/permissions"],
  ["worker/helper.ts", "@/server/sending/claim-batches"],
  ["emails/helper.ts", "@/lib/email-content/merge-tags"],
  ["app/(dashboard)/helper.ts", "@/features/composer/ui/composer"],
  ["app/(dashboard)/helper.ts", "@/server/db/client"],
  ["tests/integration/helper.ts", "@/app/(dashboard)/broadcasts/actions"],
  ["edge/helper.ts", "@/app/(public)/t/o/[token]/route"],
  ["edge/helper.ts", "../app/api/health/route"],
  ["edge/helper.ts", "@/server/auth/client-address"],
  ["edge/helper.ts", "./security-headers"],
];

const OTHER_FORMS: [string, Case, string][] = [
  [
    "a type-only import",
    { file: "lib/helper.ts", source: `import type { X } from "@/server/db/client";\nexport type Y = X;\n` },
    "lib/ must not import server/",
  ],
  [
    "a re-export",
    { file: "components/ui/widget.ts", source: `export { x } from "@/app/(dashboard)/broadcasts/actions";\n` },
    "components/ must not import app/",
  ],
  [
    "a whole-module re-export",
    { file: "lib/helper.ts", source: `export * from "@/emails/compile";\n` },
    "lib/ must not import emails/",
  ],
];

const reported = new Map<Case, string[]>();

beforeAll(async () => {
  const eslint = new ESLint({ cwd: root });
  const cases = [
    ...WRONG.map(([file, spec]) => importing(file, spec)),
    ...RIGHT.map(([file, spec]) => importing(file, spec)),
    ...OTHER_FORMS.map(([, c]) => c),
  ];
  for (const c of cases) {
    const [result] = await eslint.lintText(c.source, { filePath: path.join(root, c.file) });
    reported.set(
      c,
      result!.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message),
    );
  }
}, 300_000);

const messagesOf = (c: Case) => {
  for (const [k, v] of reported) if (k.file === c.file && k.source === c.source) return v;
  throw new Error(`not linted: ${c.file}`);
};

describe("the layer rule", () => {
  it.each(WRONG)("reports %s importing %s", (file, spec, sentence) => {
    const messages = messagesOf(importing(file, spec));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(sentence);
    expect(messages[0]).toContain("docs/architecture.md");
  });

  it.each(RIGHT)("leaves %s importing %s alone", (file, spec) => {
    expect(messagesOf(importing(file, spec))).toEqual([]);
  });

  it.each(OTHER_FORMS)("reports %s too", (_, c, sentence) => {
    const messages = messagesOf(c);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(sentence);
  });
});
