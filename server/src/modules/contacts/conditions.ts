import { type AnyColumn, and, eq, ilike, isNull, or, type SQL, sql } from "drizzle-orm";
import { contacts, userContacts } from "../../db/schema";

/** Escapes LIKE wildcards so user text matches literally. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, "\\$&");

/** Case-insensitive substring match, answered by the column's trigram index. */
export const contains = (column: AnyColumn | SQL, value: string): SQL =>
  ilike(column, `%${escapeLike(value)}%`);

/** Case-insensitive prefix match. */
export const startsWith = (column: AnyColumn | SQL, value: string): SQL =>
  ilike(column, `${escapeLike(value)}%`);

/** Name, title and company as one text: the expression of the contacts_search_trgm index. */
export const searchableText = sql`(${contacts.fullName} || ' ' || coalesce(${contacts.title}, '') || ' ' || coalesce(${contacts.company}, ''))`;

/**
 * Any of the values as a substring. Written as OR (not `ILIKE ANY (array)`) because a GIN
 * trigram index can serve each arm and the planner combines them with a BitmapOr.
 */
export const containsAny = (column: AnyColumn, values: string[]): SQL | undefined =>
  values.length === 0 ? undefined : or(...values.map((value) => contains(column, value)));

/** Placeholder names such as "unknown" or "Unknown Unknown" (and blanks) are never shown. */
const UNKNOWN_NAME = "^\\s*(unknown\\s*)*$";
export const hasRealName = sql`${contacts.fullName} !~* ${UNKNOWN_NAME}`;
const unknownName = new RegExp(UNKNOWN_NAME, "i");
export const isPlaceholderName = (name: string) => unknownName.test(name);

/**
 * Founders enter the contacts table when someone emails them from the startup directory;
 * their addresses stay behind the directory's early-access rule, so browsing and search skip them.
 */
export const notStartupFounder = sql`${contacts.source} <> 'startup_founder'`;

/** In the shared directory: not someone's own (private) contact. */
export const isShared = isNull(contacts.ownerUserId);

/**
 * Who the directory lists: real names, professionals (students are only for the sales search),
 * never anyone's own contacts. Each condition is on the person's own row.
 */
export const listedInDirectory = and(
  hasRealName,
  notStartupFounder,
  eq(contacts.isStudent, false),
  isShared,
) as SQL;

/** Not in this user's network (served by the (user_id, contact_id) unique index). */
export const notSavedBy = (userId: string) =>
  sql`not exists (select 1 from ${userContacts} where ${userContacts.userId} = ${userId} and ${userContacts.contactId} = ${contacts.id})`;

/** Words separated by commas: none of them may appear in the title or the company. */
export function excludeWords(text: string | undefined): SQL | undefined {
  const words = (text ?? "")
    .split(",")
    .map((word) => word.trim())
    .filter(Boolean);
  if (words.length === 0) return undefined;
  return sql.join(
    words.map(
      (word) =>
        sql`not (coalesce(${contacts.title}, '') ilike ${`%${escapeLike(word)}%`} or coalesce(${contacts.company}, '') ilike ${`%${escapeLike(word)}%`})`,
    ),
    sql` and `,
  );
}
