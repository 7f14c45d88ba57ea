/** A decoded Stripe form body: `a[b][0][c]=x` becomes `{a: {b: [{c: "x"}]}}`. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

/**
 * Stripe API requests are `application/x-www-form-urlencoded` with bracketed keys for nested
 * objects and indexed arrays (the `qs` format the SDK writes).
 */
export function decodeStripeForm(body: string): FormObject {
  const root: FormObject = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    if (!match) continue;
    const path = [match[1], ...[...match[2].matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1])];
    assign(root, path, value);
  }
  return root;
}

function assign(target: FormObject | FormValue[], path: string[], value: string): void {
  const [head, ...rest] = path;
  const container = target as Record<string, FormValue>;
  const key = head === "" && Array.isArray(target) ? String(target.length) : head;
  if (rest.length === 0) {
    container[key] = value;
    return;
  }
  const nextIsIndex = /^\d*$/.test(rest[0]);
  if (container[key] === undefined || typeof container[key] === "string") {
    container[key] = nextIsIndex ? [] : {};
  }
  assign(container[key] as FormObject | FormValue[], rest, value);
}

/** Reads a nested string field of a decoded form, or undefined. */
export function field(form: FormObject, ...path: (string | number)[]): string | undefined {
  let current: FormValue | undefined = form;
  for (const key of path) {
    if (current === undefined || typeof current === "string") return undefined;
    current = (current as Record<string, FormValue>)[String(key)];
  }
  return typeof current === "string" ? current : undefined;
}

/** A nested `metadata[...]`-style map of strings. */
export function stringMap(value: FormValue | undefined): Record<string, string> {
  if (!value || typeof value === "string" || Array.isArray(value)) return {};
  const out: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) if (typeof item === "string") out[key] = item;
  return out;
}

export const isTrue = (value: string | undefined) => value === "true";
