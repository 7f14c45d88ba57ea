import fc from "fast-check";

/** Values an attacker or a broken client sends: wrong types, huge, unicode, injections, CR/LF. */
export const hostileString = fc.oneof(
  fc.string({ maxLength: 64 }),
  fc.string({ unit: "grapheme", maxLength: 32 }),
  fc.constantFrom(
    "' OR 1=1 --",
    "'; drop table users; --",
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "subject\r\nBcc: victim@evil.example",
    "x@uni.example\r\nCc: victim@evil.example",
    "../../../etc/passwd",
    "\u0000\u0001\u0002",
    "%00%0d%0a",
    "{{constructor.constructor('return process')()}}",
    '=HYPERLINK("http://evil.example")',
    "😀".repeat(50),
    "a".repeat(20_000),
    "00000000-0000-0000-0000-000000000000",
    "-1",
    "1e309",
    "NaN",
    "",
    " ",
  ),
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 2 ** 53 + 1, true, false, null),
  fc.array(hostileString, { maxLength: 4 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
);

/** Keys of a zod object schema (zod 4), when the route has one. */
export function schemaKeys(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

export function toQueryString(values: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      params.append(key, typeof item === "string" ? item : JSON.stringify(item));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}
