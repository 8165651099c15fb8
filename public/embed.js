/*!
 * Sendwell forms embed. <script src="https://YOUR-SENDWELL/embed.js" data-form="FORM_ID" async></script>
 * Inline and landing-page forms render where the script is (or in <div data-sendwell-form="FORM_ID">); popups,
 * sticky bars and slide-ins attach to <body>. The API is the script's own origin; all drawing happens in a shadow
 * root (styles isolated both ways); no cookies (localStorage only remembers a close or a sign-up). Builder preview,
 * no network: SendwellForms.render(container, publicFormConfig, { preview: true }). Plain ES2019, no build step, ASCII
 * only (a host page in another charset must not garble it).
 */
(() => {
  "use strict";

  const w = window;
  const d = document;
  const thisScript = d.currentScript;
  if (w.SendwellForms && w.SendwellForms._mount) {
    // Another <script> of this file already set up: it mounts this script's form too.
    w.SendwellForms._mount(thisScript);
    return;
  }

  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const HEX = /^#[0-9a-f]{6}$/i;
  const WEB = /^https?:\/\//i;
  const FONTS = {
    system: 'system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif',
    sans: '"Helvetica Neue",Helvetica,Arial,sans-serif',
    serif: 'Georgia,Cambria,"Times New Roman",serif',
    mono: "ui-monospace,SFMono-Regular,Menlo,Consolas,monospace",
    rounded: 'ui-rounded,"SF Pro Rounded",Nunito,system-ui,sans-serif',
  };
  const FLOATING = { popup: 1, sticky_bar: 1, slide_in: 1 };
  const TOP = "z-index:2147483000;position:fixed;";

  // Per page load: each form's view id (recorded once, sent with the submission), and each host's live render.
  const viewIds = {};
  const instances = new WeakMap();
  // Placeholders already taken: kept here, not as an attribute, so a host page's framework (React hydrating the
  // landing page, say) never sees its markup change.
  const taken = new WeakSet();

  const CSS =
    ":host{all:initial;display:block}:host([hidden]),[hidden]{display:none!important}*,::before,::after{box-sizing:border-box}" +
    ".sw{position:relative;font-family:var(--f);font-size:var(--s);line-height:1.5;color:var(--t);" +
    "background:var(--bg);border-radius:var(--r);padding:1.5em;max-width:var(--mw);margin:0 auto;text-align:left}" +
    ".bare{background:none;padding:0;max-width:none}" +
    "h2{margin:0 0 .3em;font:700 1.35em/1.25 var(--f);color:inherit}.desc{margin:0 0 1em;white-space:pre-line}" +
    "form{display:flex;flex-direction:column;gap:.85em;margin:0}.row{display:flex;flex-direction:column;gap:.3em}" +
    ".inl form{flex-flow:row wrap;align-items:flex-start}.inl .txt{flex:1 1 12em}.inl .chk,.inl .note{flex-basis:100%}" +
    ".inl .go{margin-top:1.65em}label{font-size:.9em;font-weight:600}" +
    "input,select{font:inherit;color:#111827;background:#fff;border:1px solid var(--bd);" +
    "border-radius:calc(var(--r)*.75);padding:.55em .75em;width:100%;min-height:2.75em;margin:0}" +
    "::placeholder{color:#6b7280}[aria-invalid=true]{border-color:var(--e);box-shadow:0 0 0 1px var(--e)}" +
    ":focus-visible{outline:3px solid var(--b);outline-offset:2px}" +
    ".chk label{display:flex;gap:.55em;align-items:flex-start;font-weight:400}" +
    ".chk input{width:1.15em;height:1.15em;min-height:0;padding:0;margin:.2em 0 0;flex:none;accent-color:var(--b)}" +
    ".req{color:var(--e);margin-left:.15em}.err,.live{margin:0;font-weight:600;color:var(--e)}.err{font-size:.85em}" +
    ".err:empty,.live:empty{display:none}.live{margin-top:.75em}.live.info{color:inherit}" +
    ".go{font:inherit;font-weight:600;cursor:pointer;background:var(--b);color:var(--bt);border:0;" +
    "border-radius:var(--r);padding:.65em 1.25em;min-height:2.75em;margin:0}.go[disabled]{cursor:progress}" +
    ".note{font-size:.8em;margin:0}a{color:inherit;text-decoration:underline}" +
    ".ok{margin:0;font-size:1.05em;font-weight:600;white-space:pre-line}" +
    ".hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}" +
    ".x{position:absolute;top:.35em;right:.35em;width:2.25em;height:2.25em;border:0;border-radius:50%;padding:0;" +
    "background:none;color:inherit;font:inherit;font-size:1.25em;line-height:1;cursor:pointer}" +
    ".x:hover{background:rgba(127,127,127,.2)}" +
    `.ov{${TOP}inset:0;display:flex;align-items:center;justify-content:center;padding:1em;background:rgba(17,24,39,.6)}` +
    ".ov .sw,.slide .sw{width:100%;max-height:calc(100vh - 2em);overflow:auto;padding-top:2.25em;" +
    "box-shadow:0 20px 50px rgba(0,0,0,.3)}" +
    `.bar{${TOP}left:0;right:0;box-shadow:0 0 20px rgba(0,0,0,.2)}.bar.top{top:0}.bar.bottom{bottom:0}` +
    ".bar .sw{max-width:none;border-radius:0;padding:.75em 3.25em .75em 1em;display:flex;flex-wrap:wrap;" +
    "gap:.25em 1.5em;align-items:center;justify-content:center}" +
    ".bar h2{font-size:1.1em;margin:0}.bar .desc{margin:0}.bar form{flex:0 1 40em}.bar .x{top:50%;margin-top:-1.125em}" +
    `.slide{${TOP}width:calc(100vw - 2em);max-width:var(--mw)}` +
    ".bottom_right{right:1em;bottom:1em}.bottom_left{left:1em;bottom:1em}.top_right{right:1em;top:1em}" +
    ".top_left{left:1em;top:1em}@media (prefers-reduced-motion:no-preference){.ov,.slide,.bar{animation:i .2s}}" +
    "@keyframes i{from{opacity:0;transform:translateY(.5em)}}";

  // ---------------------------------------------------------------- helpers

  /** createElement with attributes (`text` sets textContent, `on...` adds a listener) and children. */
  function h(tag, attrs, children) {
    const el = d.createElement(tag);
    for (const k in attrs) {
      const v = attrs[k];
      if (v == null || v === false) continue;
      if (k === "text") el.textContent = v;
      else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
      else el.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children || []) if (c) el.append(c);
    return el;
  }

  const warn = (msg) => console.warn(`Sendwell forms: ${msg}`);

  // crypto.randomUUID exists only on https pages; host pages may be plain http.
  const uuid = () =>
    crypto.randomUUID
      ? crypto.randomUUID()
      : "10000000-1000-4000-8000-100000000000".replace(/[018]/g, (c) =>
          (c ^ (crypto.getRandomValues(new Uint8Array(1))[0] & (15 >> (c / 4)))).toString(16),
        );

  const link = (href, text) => h("a", { href, target: "_blank", rel: "noopener noreferrer", text });

  /** Text whose markdown links [label](url) become <a> (http, https and mailto only); the rest stays plain text. */
  function richText(text) {
    const out = [];
    const re = /\[([^\]]+)\]\(([^)\s]+)\)/g;
    let last = 0;
    let m;
    while ((m = re.exec(text))) {
      out.push(text.slice(last, m.index), /^(https?:\/\/|mailto:)/i.test(m[2]) ? link(m[2], m[1]) : m[0]);
      last = re.lastIndex;
    }
    out.push(text.slice(last));
    return out;
  }

  const luminance = (hex) =>
    [1, 3, 5]
      .map((i) => parseInt(hex.substr(i, 2), 16) / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
      .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);

  /** localStorage, or null where it is blocked (it throws in some sandboxed iframes and privacy modes). */
  function store(id, value) {
    try {
      const key = `sendwell:form:${id}`;
      if (value === undefined) return Number(localStorage.getItem(key));
      localStorage.setItem(key, value);
    } catch {
      return 0;
    }
  }
  const hiddenNow = (id) => store(id) > Date.now();
  // Never shortens a longer pause (closing the thank-you after a sign-up keeps the year).
  const hideFor = (id, days) => {
    const until = Date.now() + days * 86400000;
    if (days > 0 && until > store(id)) store(id, String(until));
  };

  function abs(url) {
    try {
      return new URL(url, location.href).href;
    } catch {
      return url;
    }
  }

  function post(url, body, keepalive) {
    return fetch(abs(url), {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
      credentials: "omit",
      keepalive, // a view still counts when the visitor leaves at once
    });
  }

  function recordView(cfg) {
    if (viewIds[cfg.id]) return;
    viewIds[cfg.id] = uuid();
    post(cfg.viewUrl, { viewId: viewIds[cfg.id] }, true).catch(() => {});
  }

  // ---------------------------------------------------------------- the form

  /** The card: heading, description, fields, honeypot, button, notes and a live region; submits and validates. */
  function buildForm(cfg, opts, onDone) {
    const st = cfg.styles || {};
    const color = (key, fallback) => (HEX.test(st[key]) ? st[key] : fallback);
    const bg = color("backgroundColor", "#ffffff");
    const bare = opts.bare;
    // A sticky bar is one row high: its fields always sit side by side.
    const oneRow = st.layout === "inline" || cfg.type === "sticky_bar";
    const card = h("div", { class: `sw${oneRow ? " inl" : ""}${bare ? " bare" : ""}` });
    const vars = {
      "--bg": bg,
      "--t": color("textColor", "#111827"),
      "--b": color("buttonColor", "#4f46e5"),
      "--bt": color("buttonTextColor", "#ffffff"),
      "--bd": color("inputBorderColor", "#d1d5db"),
      // The error red has to be readable on the form's own background, light or dark.
      "--e": luminance(bg) > 0.3 ? "#b91c1c" : "#fca5a5",
      "--f": FONTS[st.fontFamily] || FONTS.system,
      "--s": `${+st.fontSize || 16}px`,
      "--r": `${+st.borderRadius || 0}px`,
      "--mw": `${+st.maxWidth || 480}px`,
    };
    for (const k in vars) card.style.setProperty(k, vars[k]);

    if (!bare && cfg.heading) card.append(h("h2", { id: "sw-h", text: cfg.heading }));
    if (!bare && cfg.description) card.append(h("p", { class: "desc", text: cfg.description }));

    const form = h("form", { novalidate: true, "aria-labelledby": cfg.heading && !bare ? "sw-h" : null });
    const live = h("p", { class: "live", role: "status", "aria-live": "polite", "aria-atomic": "true" });
    const fields = (cfg.fields || []).filter((f) => f && typeof f.name === "string");
    const inputs = {};
    // A custom field's input follows its type (the public config's customFields): number, date, yes/no, a choice.
    const custom = (f) => (f.type === "custom" && cfg.customFields && cfg.customFields[f.name]) || {};
    const choicesOf = (f) =>
      f.type !== "custom" ? null : (f.options && f.options.length && f.options) || custom(f).options || null;
    const isBox = (f) => f.type === "checkbox" || f.type === "consent" || custom(f).type === "boolean";
    const required = (f) => f.type === "email" || f.type === "consent" || !!f.required;

    for (const f of fields) {
      if (f.type === "hidden") continue;
      const id = `sw-${f.name}`;
      const mark = required(f) && h("span", { class: "req", "aria-hidden": "true", text: "*" });
      const err = h("p", { class: "err", id: `${id}-err` });
      const attrs = { id, name: f.name, required: required(f), "aria-describedby": `${id}-err` };
      const label = String(f.label || f.name);
      let input;
      let row;
      if (isBox(f)) {
        input = h("input", { ...attrs, type: "checkbox", value: "true" });
        const text = f.type === "consent" ? richText(label) : [label];
        row = h("div", { class: "row chk" }, [h("label", { for: id }, [input, h("span", null, [...text, mark])]), err]);
      } else {
        const list = choicesOf(f);
        if (list && list.length) {
          const choices = list.map((o) => h("option", { value: o, text: o }));
          input = h("select", attrs, [h("option", { value: "", text: f.placeholder || "Choose\u2026" }), ...choices]);
        } else {
          input = h("input", {
            ...attrs,
            type: f.type === "email" ? "email" : { number: "number", date: "date" }[custom(f).type] || "text",
            step: custom(f).type === "number" ? "any" : null,
            placeholder: f.placeholder,
            autocomplete: { email: "email", first_name: "given-name", last_name: "family-name" }[f.type],
          });
        }
        row = h("div", { class: "row txt" }, [h("label", { for: id }, [label, mark]), input, err]);
      }
      input.addEventListener(isBox(f) ? "change" : "input", () => setError(f.name, ""));
      inputs[f.name] = { input, err };
      form.append(row);
    }

    // Bots fill in every input they find; people never see or reach this one.
    const trap = h("input", { id: "sw-hp", name: "_hp", tabindex: "-1", autocomplete: "off" });
    form.append(
      h("div", { class: "hp", "aria-hidden": "true" }, [h("label", { for: "sw-hp", text: "Leave empty" }), trap]),
    );
    const button = h("button", { class: "go", type: "submit", text: st.buttonText || "Subscribe" });
    form.append(button);
    const policy = WEB.test(cfg.privacyPolicyUrl) && link(cfg.privacyPolicyUrl, "Privacy policy");
    if (cfg.consentStatement || policy) {
      form.append(h("p", { class: "note" }, [...richText(cfg.consentStatement || ""), policy && " ", policy]));
    }
    card.append(form, live);

    function setError(name, msg) {
      const x = inputs[name];
      if (!x) return false;
      x.err.textContent = msg;
      if (msg) x.input.setAttribute("aria-invalid", "true");
      else x.input.removeAttribute("aria-invalid");
      return true;
    }

    function say(msg, info) {
      live.className = info ? "live info" : "live";
      live.textContent = msg;
    }

    function hiddenValue(f) {
      const v = f.param ? new URLSearchParams(location.search).get(f.param) : null;
      return v ? v.slice(0, 500) : f.value || null;
    }

    function fieldError(f, v) {
      if (isBox(f)) return required(f) && !v ? "Please tick this box to continue." : "";
      if (!v) return required(f) ? (choicesOf(f) ? "Please choose an option." : "Please fill in this field.") : "";
      return f.type === "email" && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v)
        ? "Enter an email address like name@example.com."
        : "";
    }

    /** Marks the fields in error, says how many in the live region and moves focus to the first. */
    function showErrors(names) {
      say(`Please correct the highlighted field${names.length > 1 ? "s" : ""}.`);
      inputs[names[0]].input.focus();
    }

    function success(message) {
      // The live region that was there from the start becomes the message in place of the form, so it is announced.
      form.remove();
      say(message || "Thanks!", true);
      live.className = "ok";
      live.tabIndex = -1;
      if (!opts.preview) live.focus();
      if (onDone) onDone();
    }

    function finish(msg) {
      button.disabled = false;
      button.removeAttribute("aria-busy");
      button.focus();
      say(msg);
    }

    form.addEventListener("submit", (e) => {
      e.preventDefault();
      if (button.disabled) return;
      const values = {};
      const bad = [];
      for (const f of fields) {
        if (f.type === "hidden") {
          const v = hiddenValue(f);
          if (v != null) values[f.name] = v;
          continue;
        }
        const input = inputs[f.name].input;
        const v = isBox(f) ? input.checked : input.value.trim();
        const msg = fieldError(f, v);
        setError(f.name, msg);
        if (msg) bad.push(f.name);
        if (v !== "") values[f.name] = v; // an optional field left empty is not sent
      }
      if (bad.length) return showErrors(bad);
      if (opts.preview) return success(cfg.successMessage);

      Object.assign(values, {
        _hp: trap.value,
        _t: cfg.renderToken,
        _ref: d.referrer,
        _url: location.href,
        _view: viewIds[cfg.id],
        _tz: cfg.captureTimezone ? Intl.DateTimeFormat().resolvedOptions().timeZone : undefined,
      });
      button.disabled = true;
      button.setAttribute("aria-busy", "true");
      say("Sending\u2026", true);
      post(cfg.submitUrl, values)
        .then((res) =>
          res
            .json()
            .catch(() => ({}))
            .then((body) => answer(res, body || {})),
        )
        .catch(() => finish("Could not reach the server. Check your connection and try again."));
    });

    function answer(res, body) {
      if (res.ok) {
        if (WEB.test(body.redirectUrl)) {
          if (onDone) onDone();
          location.href = body.redirectUrl;
          return;
        }
        return success(body.message || cfg.successMessage);
      }
      // 422 names the fields as JSON pointers (#/email); anything else is one message for the whole form.
      const named = (Array.isArray(body.errors) ? body.errors : [])
        .map((x) => [
          String(x.pointer || "")
            .replace(/^#?\//, "")
            .split("/")[0],
          x.detail,
        ])
        .filter(([name, detail]) => setError(name, detail || "Please check this field."))
        .map(([name]) => name);
      let msg = body.detail || "Something went wrong. Please try again.";
      if (res.status === 429) {
        const wait = +res.headers.get("Retry-After");
        if (wait > 0)
          msg += ` Please try again in ${wait < 120 ? `${wait} seconds` : `${Math.ceil(wait / 60)} minutes`}.`;
      } else if (res.status === 404) msg = "This form is no longer available.";
      else if (res.status === 409) {
        // The token went with an earlier accepted submission (an answer lost on the way, a second press): a fresh
        // one makes the next press a new submission, after the usual few seconds.
        msg = "This form was already submitted. To send it again, wait a few seconds and submit once more.";
        fetch(cfg.submitUrl.replace(/\/submissions$/, ""), { credentials: "omit", cache: "no-store" })
          .then((r) => r.json())
          .then((fresh) => fresh.renderToken && (cfg.renderToken = fresh.renderToken))
          .catch(() => {});
      }
      finish(msg);
      if (named.length) showErrors(named);
    }

    return {
      card,
      focusFirst: () => {
        const first = card.querySelector("input:not([tabindex='-1']),select,.ok,.x");
        if (first) first.focus();
      },
    };
  }

  // ---------------------------------------------------------------- placements

  const tabbable = (el) =>
    [...el.querySelectorAll("a[href],button:not([disabled]),input:not([disabled]),select:not([disabled])")].filter(
      (x) => x.tabIndex >= 0 && x.getClientRects().length,
    );

  /**
   * Renders `cfg` into `host`'s shadow root (again: replacing what it showed). Inline forms record their view at
   * once; a popup or slide-in waits for its trigger, a sticky bar shows at once, and in preview all show at once
   * without network, view or memory. Returns { open, close, destroy }.
   */
  function render(host, cfg, opts) {
    opts = opts || {};
    if (!host || !cfg) throw new TypeError("SendwellForms.render(container, config, options)");
    const root = host.shadowRoot || host.attachShadow({ mode: "open" });
    if (instances.has(host)) instances.get(host).destroy();
    root.replaceChildren(h("style", { text: CSS }));

    const type = cfg.type;
    const display = cfg.display || {};
    const floating = FLOATING[type];
    const always = []; // listeners for the life of this render
    const whileOpen = []; // the popup's focus trap, while it is open
    let isOpen = false;
    let lastFocus = null;
    // After a sign-up the visitor is not asked again for a year.
    const built = buildForm(cfg, opts, () => floating && !opts.preview && hideFor(cfg.id, 365));
    const card = built.card;
    let frame = card;

    const listen = (list, target, ev, fn) => {
      target.addEventListener(ev, fn);
      list.push(() => target.removeEventListener(ev, fn));
    };
    const unlisten = (list) => list.splice(0).forEach((f) => f());

    if (floating) {
      const name = cfg.heading || (cfg.styles && cfg.styles.buttonText) || "Sign up";
      card.append(h("button", { class: "x", type: "button", "aria-label": "Close", text: "\u00d7", onclick: close }));
      if (type === "popup") {
        card.setAttribute("role", "dialog");
        card.setAttribute("aria-modal", "true");
        card.setAttribute(cfg.heading ? "aria-labelledby" : "aria-label", cfg.heading ? "sw-h" : name);
        frame = h("div", { class: "ov" }, [card]);
        // A click on the dimmed page around the dialog closes it.
        listen(always, frame, "mousedown", (e) => e.target === frame && close());
      } else {
        const where =
          type === "sticky_bar"
            ? `bar ${display.position === "top" ? "top" : "bottom"}`
            : `slide ${/^(top|bottom)_(left|right)$/.test(display.corner) ? display.corner : "bottom_right"}`;
        frame = h("aside", { class: where, "aria-label": name }, [card]);
      }
      listen(always, frame, "keydown", onKey);
      frame.style.cssText = card.style.cssText; // the slide-in's width reads --mw
      frame.hidden = true;
    }
    root.append(frame);

    function onKey(e) {
      if (!isOpen) return;
      if (e.key === "Escape") {
        e.stopPropagation();
        close();
      } else if (e.key === "Tab" && type === "popup") {
        // Focus stays inside the dialog: Tab on the last control goes to the first, Shift+Tab on the first to the last.
        const list = tabbable(card);
        const at = list.indexOf(root.activeElement);
        const to = e.shiftKey ? (at <= 0 ? list.length - 1 : -1) : at === -1 || at === list.length - 1 ? 0 : -1;
        if (to >= 0 && list.length) {
          e.preventDefault();
          list[to].focus();
        }
      }
    }

    function open() {
      if (isOpen) return;
      isOpen = true;
      frame.hidden = false;
      if (!opts.preview) recordView(cfg);
      // In the builder's preview the marketer is typing in the editor: the preview never takes focus.
      if (type === "popup" && !opts.preview) {
        lastFocus = d.activeElement;
        built.focusFirst();
        // Focus that leaves the dialog (a click on the page behind, a screen reader jump) comes back to it, and
        // Escape closes it wherever focus is.
        listen(whileOpen, d, "focusin", (e) => e.target !== host && built.focusFirst());
        listen(whileOpen, d, "keydown", (e) => e.target !== host && onKey(e));
      }
    }

    function close() {
      if (!isOpen) return;
      isOpen = false;
      frame.hidden = true;
      unlisten(whileOpen);
      if (!opts.preview) hideFor(cfg.id, +display.frequencyDays);
      if (lastFocus) lastFocus.focus();
      lastFocus = null;
    }

    const api = {
      open,
      close,
      destroy: () => {
        unlisten(whileOpen);
        unlisten(always);
      },
    };
    instances.set(host, api);

    if (!floating) {
      if (!opts.preview) recordView(cfg);
    } else if (opts.preview || type === "sticky_bar") open();
    else arm(cfg, open, always);
    return api;
  }

  /** Popup and slide-in triggers: after delaySeconds, or once scrolled scrollPercent down; popups also on exit intent. */
  function arm(cfg, open, list) {
    const display = cfg.display || {};
    let done = false;
    const fire = () => {
      if (!done) open();
      done = true;
    };
    const listen = (target, ev, fn) => {
      target.addEventListener(ev, fn, { passive: true });
      list.push(() => target.removeEventListener(ev, fn));
    };
    if (display.scrollPercent != null) {
      const check = () => {
        const seen = ((scrollY + innerHeight) / Math.max(d.documentElement.scrollHeight, 1)) * 100;
        if (seen >= display.scrollPercent) fire();
      };
      listen(w, "scroll", check);
      check();
    } else {
      const timer = setTimeout(fire, (+display.delaySeconds || 0) * 1000);
      list.push(() => clearTimeout(timer));
    }
    if (cfg.type === "popup" && display.exitIntent) {
      // The pointer leaving through the top of the window: towards the tabs or the address bar.
      listen(d, "mouseout", (e) => !e.relatedTarget && e.clientY <= 0 && fire());
    }
  }

  // ---------------------------------------------------------------- <script data-form> and <div data-sendwell-form>

  function load(base, id, slot, script) {
    if (!UUID.test(id)) return warn(`"${id}" is not a form id.`);
    if (slot) taken.add(slot);
    fetch(`${base}/api/forms/${id}`, { credentials: "omit", cache: "no-store" })
      .then((res) => {
        if (res.status === 404) return warn(`form ${id} is not published (or does not exist).`);
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        return res.json();
      })
      .then((cfg) => {
        if (!cfg) return;
        if (FLOATING[cfg.type]) {
          if (hiddenNow(cfg.id)) return;
          return render(d.body.appendChild(h("div", { "data-sendwell-host": cfg.id })), cfg);
        }
        if (!slot) {
          slot = h("div", { "data-sendwell-host": cfg.id });
          if (script && script.parentNode && script.parentNode !== d.head) script.before(slot);
          else d.body.append(slot);
        }
        render(slot, cfg, { bare: slot.hasAttribute("data-sendwell-bare") });
      })
      .catch((err) => warn(`could not load form ${id} (${err.message}).`));
  }

  function mount(script) {
    // An async script can run before the <div data-sendwell-form> after it is parsed.
    if (d.readyState === "loading") return d.addEventListener("DOMContentLoaded", () => mount(script));
    if (!script || !script.src) return;
    const base = new URL(script.src, location.href).origin;
    const id = script.getAttribute("data-form");
    if (id) {
      const slots = UUID.test(id) ? d.querySelectorAll(`[data-sendwell-form="${id}"]`) : [];
      return load(base, id, [...slots].find((el) => !taken.has(el)) || null, script);
    }
    // A script without data-form fills every <div data-sendwell-form="ID"> of the page.
    for (const el of d.querySelectorAll("[data-sendwell-form]")) {
      if (!taken.has(el)) load(base, el.getAttribute("data-sendwell-form"), el, null);
    }
  }

  w.SendwellForms = { version: 1, render: (container, config, opts) => render(container, config, opts), _mount: mount };
  mount(thisScript);
})();
