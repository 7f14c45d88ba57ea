import type { LlmClient } from "./llm";

/**
 * Asks the configured LLM (integrations/llm.ts) who hires for a target role, to refine the static role → hiring
 * titles map. Any failure (timeout, bad JSON, server down) answers no suggestions: the static map
 * alone still gives a real search.
 */
export type TitleSuggester = (role: string) => Promise<string[]>;

const MAX_TITLES = 6;
/** A search waits on this call, so it gets less time than an email draft would. */
const MAX_WAIT_MS = 8_000;
const CACHE_SIZE = 500;

const PROMPT = [
  "A university student wants a job as the role the user names.",
  "List the job titles of the people who hire for that role or decide on candidates:",
  "recruiters and hiring managers, not the role itself.",
  `Answer only JSON: {"titles": ["..."]} with at most ${MAX_TITLES} short titles.`,
].join(" ");

export function parseTitles(content: string | null | undefined): string[] {
  const json = content?.match(/\{[\s\S]*\}/)?.[0];
  if (!json) return [];
  try {
    const titles = (JSON.parse(json) as { titles?: unknown }).titles;
    if (!Array.isArray(titles)) return [];
    return titles
      .filter((title): title is string => typeof title === "string")
      .map((title) => title.trim())
      .filter((title) => title.length >= 2 && title.length <= 60 && !/[%_\\]/.test(title))
      .slice(0, MAX_TITLES);
  } catch {
    return [];
  }
}

export function createTitleSuggester(llm: LlmClient): TitleSuggester {
  const cache = new Map<string, string[]>();
  return async (role) => {
    const key = role.trim().toLowerCase();
    const cached = cache.get(key);
    if (cached) return cached;
    try {
      const content = await llm.complete({
        system: PROMPT,
        user: role.trim(),
        temperature: 0,
        maxWaitMs: MAX_WAIT_MS,
      });
      const titles = parseTitles(content);
      if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      cache.set(key, titles);
      return titles;
    } catch {
      return [];
    }
  };
}
