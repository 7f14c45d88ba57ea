/**
 * Which variant the writer writes for each contact of a bulk email: the people of one company
 * get consecutive variants of one random start, so no two of them get the same text with only
 * the name changed (consecutive variants differ in structure, subject and closing; see the
 * writer). People at different companies differ by their company's facts anyway.
 */
export function companyVariants(
  contacts: Array<{ id: string; company?: string | null }>,
  start: number = 1 + Math.floor(Math.random() * 900_000),
): Map<string, number> {
  const seen = new Map<string, number>();
  const variants = new Map<string, number>();
  for (const contact of contacts) {
    const company = contact.company?.trim().toLowerCase() || `(none) ${contact.id}`;
    const place = seen.get(company) ?? 0;
    seen.set(company, place + 1);
    variants.set(contact.id, start + place);
  }
  return variants;
}
