// Text that PostgreSQL cannot store: a NUL character (text and jsonb refuse U+0000) or an unpaired UTF-16 surrogate
// (not encodable as UTF-8; JSON.parse lets "\ud800" through). One rule for every entry point: such a string is
// refused with a 422 naming where it is, never stored altered and never sent to the database to fail there.
import { pointerTo } from "./json-pointer";

export type UnstorableText = { pointer: string; detail: string };

const NUL_DETAIL = "Contains a NUL character (U+0000), which cannot be stored.";
const SURROGATE_DETAIL = "Contains invalid Unicode (an unpaired UTF-16 surrogate), which cannot be stored.";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why `text` cannot be stored, or null when it can. */
export function unstorableTextProblem(text: string): string | null {
  if (text.includes("\u0000")) return NUL_DETAIL;
  if (LONE_SURROGATE.test(text)) return SURROGATE_DETAIL;
  return null;
}

type Node = { value: unknown; key?: PropertyKey; parent?: Node; badName?: string };

function pathOf(node: Node): PropertyKey[] {
  const path: PropertyKey[] = [];
  for (let n: Node | undefined = node; n?.parent; n = n.parent) path.push(n.key!);
  return path.reverse();
}

/**
 * Every string (values and object member names) of a parsed JSON value that cannot be stored, with its JSON pointer
 * under `prefix`, in document order. Iterative with parent links, so a deeply nested body costs linear time and
 * cannot overflow the stack; stops after `max` findings.
 */
export function findUnstorableText(value: unknown, prefix = "#", max = 20): UnstorableText[] {
  const found: UnstorableText[] = [];
  const stack: Node[] = [{ value }];
  while (stack.length && found.length < max) {
    const node = stack.pop()!;
    const current = node.value;
    if (node.badName) {
      found.push({ pointer: pointerTo(pathOf(node), prefix), detail: `The member name ${lower(node.badName)}` });
    } else if (typeof current === "string") {
      const detail = unstorableTextProblem(current);
      if (detail) found.push({ pointer: pointerTo(pathOf(node), prefix), detail });
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], key: i, parent: node });
    } else if (current !== null && typeof current === "object") {
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        stack.push({ value: child, key, parent: node });
        // A bad member name is reported at the pointer it is part of, before that member's value.
        const badName = unstorableTextProblem(key);
        if (badName) stack.push({ value: undefined, key, parent: node, badName });
      }
    }
  }
  return found;
}

const lower = (detail: string) => detail.charAt(0).toLowerCase() + detail.slice(1);
