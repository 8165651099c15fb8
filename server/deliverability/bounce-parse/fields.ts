// Header-style text: RFC 5322 header blocks (a copy of the original message's headers) and the field groups of a
// delivery-status (RFC 3464) or feedback (RFC 5965) report, with folded lines joined. Bounded: callers pass at most a
// few hundred kilobytes, and at most MAX_FIELDS fields per block are kept.

const MAX_FIELDS = 500;

export type Fields = Map<string, string[]>;

/** "Name: value" lines (continuations start with white space) into lower-cased names → values in order. */
export function parseFields(block: string): Fields {
  const fields: Fields = new Map();
  let count = 0;
  for (const line of block.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon < 1) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!/^[\x21-\x39\x3b-\x7e]+$/.test(name)) continue;
    const values = fields.get(name) ?? [];
    values.push(line.slice(colon + 1).trim());
    fields.set(name, values);
    if (++count >= MAX_FIELDS) break;
  }
  return fields;
}

/** The groups of a report separated by blank lines (the per-message group first, then one per recipient). */
export function fieldGroups(report: string): Fields[] {
  return report
    .split(/\r?\n[ \t]*\r?\n/)
    .slice(0, 200)
    .map(parseFields)
    .filter((group) => group.size > 0);
}

/** The header block of a message (everything before its first blank line). */
export function headerBlock(message: string): string {
  const end = message.search(/\r?\n\r?\n/);
  return end < 0 ? message : message.slice(0, end);
}

export const first = (fields: Fields, name: string): string | null => fields.get(name)?.[0] ?? null;

/** "rfc822; Ann@Example.org" or "<ann@example.org>" → "ann@example.org"; null when it is no address. */
export function addressOf(value: string | null | undefined): string | null {
  if (!value) return null;
  const typed = /^\s*[a-z0-9-]+\s*;\s*(.*)$/i.exec(value);
  const text = (typed ? typed[1]! : value).trim();
  const bracketed = /<([^<>\s]+@[^<>\s]+)>/.exec(text)?.[1];
  const bare = bracketed ?? /^"?([^\s"<>@]+@[^\s"<>@]+?)"?[.,;]?$/.exec(text)?.[1];
  if (!bare || bare.length > 320) return null;
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(bare) ? bare.toLowerCase() : null;
}

/** A Message-ID without its angle brackets; null for anything that is not one. */
export function messageIdOf(value: string | null | undefined): string | null {
  if (!value) return null;
  const id = (/<([^<>\s]+)>/.exec(value)?.[1] ?? value.trim()).trim();
  return id && id.length <= 250 && !/\s/.test(id) && id.includes("@") ? id : null;
}
