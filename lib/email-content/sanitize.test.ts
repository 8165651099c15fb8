import { describe, expect, it } from "vitest";
import { sanitizeEmailHtml } from "./sanitize";

describe("sanitizeEmailHtml", () => {
  it.each([
    ["<p>hi</p><script>alert(1)</script>", "<p>hi</p>"],
    ['<p onclick="alert(1)" onmouseover="x">hi</p>', "<p>hi</p>"],
    ['<a href="javascript:alert(1)">x</a>', "<a>x</a>"],
    ['<a href=" JAVASCRIPT:alert(1)">x</a>', "<a>x</a>"],
    ['<a href="data:text/html,x">x</a>', "<a>x</a>"],
    ['<img src="javascript:alert(1)" onerror="x()">', "<img />"],
    ['<iframe src="https://evil.example"></iframe>ok', "ok"],
    ['<form action="https://evil.example"><input name="pw"><button>Go</button></form>', ""],
    ["<style>body{display:none}</style>ok", "ok"],
    ['<p style="background:url(https://evil.example/t.png);color:red">x</p>', '<p style="color:red">x</p>'],
    ['<p style="width:expression(alert(1))">x</p>', "<p>x</p>"],
    ['<p style="position:fixed;top:0">x</p>', "<p>x</p>"],
    ['<p class="x" id="y">x</p>', "<p>x</p>"],
    ["<svg><script>alert(1)</script></svg>", ""],
  ])("cleans %s", (dirty, clean) => {
    expect(sanitizeEmailHtml(dirty)).toBe(clean);
  });

  it("keeps the markup email is written with", () => {
    const html =
      '<table width="100%" cellpadding="0"><tr><td align="center" style="padding:8px;background-color:#eeeeee">' +
      '<a href="https://x.example/?a=1&amp;b=2" target="_blank">Go</a> <a href="mailto:a@x.example">mail</a>' +
      '<img src="https://x.example/a.png" alt="A" width="100" /></td></tr></table>';
    expect(sanitizeEmailHtml(html)).toBe(html);
  });

  it("hands every kept link to rewriteHref and drops unsafe ones", () => {
    const seen: string[] = [];
    const out = sanitizeEmailHtml('<a href=" https://x.example/a ">a</a><a href="javascript:x">b</a>', {
      rewriteHref: (url) => {
        seen.push(url);
        return `T${seen.length}`;
      },
    });
    expect(seen).toEqual(["https://x.example/a"]);
    expect(out).toBe('<a href="T1">a</a><a>b</a>');
  });

  it("gives unstyled links the theme's link colour and leaves styled ones alone", () => {
    const out = sanitizeEmailHtml(
      '<a href="https://x.example">a</a><a href="https://x.example" style="color:red">b</a>',
      {
        linkColor: "#a5b4fc",
      },
    );
    expect(out).toBe(
      '<a href="https://x.example" style="color:#a5b4fc">a</a><a style="color:red" href="https://x.example">b</a>',
    );
  });
});
