// The unsubscribe page (/u/{token}), rendered as Next renders a server component: it asks before unsubscribing,
// posts to the one-click endpoint, shows the unsubscribed state afterwards, and says so when the link is not valid.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import UnsubscribePage from "@/app/(public)/u/[token]/page";
import { unsubscribeByToken } from "@/server/services/tracking/unsubscribe";
import { makeWorkspace } from "../support/fixtures";
import { makeSentBroadcast } from "../support/broadcast-rows";

const render = async (token: string) =>
  renderToStaticMarkup(await UnsubscribePage({ params: Promise.resolve({ token }) }));

describe("unsubscribe page", () => {
  it("asks first, with a form that posts to the one-click endpoint, then shows the unsubscribed state", async () => {
    const ws = await makeWorkspace("Acme <Letters>");
    const r = (await makeSentBroadcast({ workspaceId: ws.id, count: 1 })).recipients[0]!;
    const asking = await render(r.token);
    expect(asking).toContain("Unsubscribe from Acme &lt;Letters&gt;?");
    expect(asking).toContain(`action="/u/${r.token}/one-click"`);
    expect(asking).toContain('method="post"');
    expect(asking).toContain('name="source" value="page"');
    expect(asking).not.toContain(r.email);

    await unsubscribeByToken(r.token);
    const done = await render(r.token);
    expect(done).toContain("You are unsubscribed");
    expect(done).not.toContain("<form");
  });

  it("says the link is not valid for a forged token", async () => {
    expect(await render("123.AAAAAAAAAAAAAAAA")).toContain("This link is not valid");
  });
});
