import nlp from "compromise";
import { ACTION_VERBS } from "../../resumes";

/**
 * Resume bullets as clauses that follow "I" (issue 36). A bullet is telegraphic English: most
 * start with a past-tense verb ("Built a DCF model"), but many start with what was made
 * ("Distributed key-value store implementing Raft"), with an adjective ("Responsible for
 * onboarding") or a gerund ("Developing a dashboard"). Pasting "I " before every one wrote "I
 * distributed key-value store", so each bullet is read with compromise (a part-of-speech
 * tagger) and given a finite verb of its own when it has none.
 */

/** Uncountable nouns take no article after a verb: "cleaned data", "wrote software". */
const MASS_NOUNS = new Set(
  "data research software code support feedback revenue traffic content analysis infrastructure documentation equipment inventory training outreach demand backend frontend marketing funding logistics hardware coursework curriculum instruction tutoring mentorship testing debugging reporting budgeting design strategy lumber drywall freight cargo merchandise produce mail luggage baggage furniture concrete timber gravel".split(
    " ",
  ),
);

/**
 * Past tenses that open resume bullets, read as the verb whatever follows: compromise takes
 * "Provided total care" or "Administered medication" for an adjective before a bare noun.
 */
const RESUME_VERBS = new Set(
  "accelerated accomplished acquired adapted addressed adjusted administered allocated analysed answered applied appraised approved arranged assembled assessed attained balanced briefed budgeted calculated catalogued chaired charted cleaned coached coded collected communicated compiled completed composed computed configured consolidated consulted converted counseled crafted curated debugged decreased defined demonstrated diagnosed discovered dispatched documented doubled edited educated eliminated enabled encouraged enforced enrolled established estimated examined expedited explained fabricated finalized forecasted formulated fostered gathered guided hosted illustrated informed inspected installed instructed interpreted inventoried investigated marketed measured mediated moderated monitored motivated navigated observed obtained operated outlined overhauled participated prioritized processed promoted proposed provided purchased quantified rebuilt reconciled recorded recommended rectified refined rehabilitated reorganized repaired replaced reported represented resolved responded restored retained reviewed revised scheduled screened served serviced shadowed sketched solved staffed standardized stocked strengthened studied submitted summarized supervised surveyed sustained synthesized tabulated tracked transcribed transformed transitioned triaged troubleshot troubleshooted updated upgraded validated verified visualized volunteered welcomed".split(
    " ",
  ),
);

/** Things a project builds: "I built a distributed key-value store". Other things are created. */
const BUILT_THINGS =
  /\b(store|app|application|system|tool|service|api|model|pipeline|dashboard|website|site|bot|engine|library|platform|compiler|game|database|server|cli|extension|plugin|simulator|simulation|framework|interpreter|scraper|tracker|predictor|classifier|kernel|network|robot|device|prototype|interface|backend|frontend)s?\b/i;

/** A word as compromise tagged it. */
export interface Term {
  text: string;
  tags: string[];
}

export const termsOf = (text: string): Term[] =>
  (nlp(text).json() as Array<{ terms: Term[] }>).flatMap((s) => s.terms);

export const has = (term: Term | undefined, ...tags: string[]) =>
  Boolean(term && tags.some((tag) => term.tags.includes(tag)));

/** Determiners, numbers and possessives open an object a verb can take. */
const opensObject = (term: Term | undefined) =>
  !term ||
  has(term, "Determiner", "Value", "Possessive", "Pronoun", "Preposition", "Conjunction") ||
  /^[$#~]?\d/.test(term.text) ||
  /^(a|an|the|my|our|its|their|his|her|over|more|up|out|and)$/i.test(term.text);

export const lowerFirst = (text: string) =>
  /^[A-Z0-9&]{2,}\b/.test(text) ? text : text.replace(/^[A-Z](?=[a-z])/, (c) => c.toLowerCase());

/** A noun that counts as many: tagged plural, or "plans" that compromise read as a verb. */
/**
 * Nouns made of verbs read as an activity, without an article: "worked on assay development",
 * "worked on maintenance of 12 cell lines" ("a maintenance of" is no English).
 */
/** People a count may open a bullet with: "~250 students per term" is no thing worked on. */
const PEOPLE =
  /^(students|patients|clients|customers|families|residents|members|users|employees|volunteers|children|kids|people|guests|attendees|participants|athletes|learners|callers)$/i;

/** Heads of a noun phrase that name the student's post: "busy season intern", "peer tutor". */
const ROLE_HEAD =
  /^(intern|assistant|associate|analyst|tutor|mentor|volunteer|member|captain|representative|ambassador|lead|leader|coordinator|fellow|trainee|apprentice|scholar|winner|recipient|finalist|champion|medalist|medallist|letterman|nominee|qualifier|starter|honoree)$/i;

/** A noun phrase that names a service given: "drop-in tutoring", "one-on-one mentoring". */
const SERVICE_HEAD =
  /^([a-z]+(-[a-z]+)*\s+){0,2}(tutoring|mentoring|coaching|advising|counseling)\b/i;

const ACTIVITY_NOUN = /^[a-z]{4,}(ment|ance|ence|tion|sion|ing)$/;

const isPlural = (term: Term) =>
  has(term, "Plural", "Gerund", "Uncountable") ||
  MASS_NOUNS.has(term.text.toLowerCase()) ||
  (!has(term, "ProperNoun", "Acronym") && /[^s'u]s$/i.test(term.text) && term.text.length > 3);

/**
 * The head of the noun phrase that starts `terms`: its last noun before a preposition, an
 * article, a conjunction or a relative word, with trailing modifiers ("store implementing")
 * dropped.
 */
function headOf(terms: Term[]): Term | undefined {
  const stop = terms.findIndex(
    (t, i) =>
      i > 0 &&
      (has(t, "Preposition", "Determiner", "Conjunction") ||
        /^(that|which|who|to|for|with|in|on)$/i.test(t.text)),
  );
  const span = terms.slice(0, stop < 0 ? undefined : stop);
  // "store implementing the Raft protocol": a gerund with an object modifies the noun before
  // it; "account provisioning for 3 clusters" ends in a gerund that is itself the noun.
  const hasObject = stop >= 0 && has(terms[stop], "Determiner", "Value");
  while (
    span.length > 1 &&
    (has(span.at(-1), "Adverb") || (hasObject && has(span.at(-1), "Gerund", "Participle")))
  )
    span.pop();
  return span.at(-1);
}

/**
 * Whether a bullet's first word is its verb, read as the student would say it ("I ...").
 * compromise tags "Distributed" in "I distributed key-value store" as a past tense: a
 * participle whose object is a bare singular count noun ("store", no article) is the tell
 * that it is an adjective and the bullet names a thing.
 */
function startsWithVerb(text: string): boolean {
  // "Drop-in tutoring", "Follow-up calls": a verb joined to its particle is a noun.
  if (/^[A-Za-z]+-(in|on|up|out|off|over|by|down)\b/i.test(text)) return false;
  // "HackIllinois 2026", "GitHub Actions": a name with a capital inside is no verb.
  if (/^[A-Z][a-z]+[A-Z]/.test(text)) return false;
  // A verb resumes open with ("Analyzed", "Modeled") is the verb, whatever compromise makes of
  // the noun after it ("Analyzed … surveillance data", "Modeled upright … loads").
  const word = (text.split(/\s+/)[0] ?? "").toLowerCase().replace(/[^a-z-]/g, "");
  if (/ed$/.test(word) && (ACTION_VERBS.has(word) || RESUME_VERBS.has(word))) return true;
  // "Fine-tuned a DistilBERT model", "Co-authored the report": a verb with its prefix, before
  // what it took ("built a fine-tuned a DistilBERT model", round 31).
  const [, prefixed = ""] =
    /^(?:fine|co|re|pre|cross|hand|spot|double|back|load|stress|beta)-([a-z]+ed)$/.exec(word) ?? [];
  if (prefixed && /^(a|an|the|\d|my|our|their|\$)/i.test(text.split(/\s+/)[1] ?? "")) return true;
  const [alone] = termsOf(lowerFirst(text));
  // "Developing a dashboard" is a verb; "Dashboards in Tableau" is a noun, though "I
  // dashboards" would tag as a present tense.
  if (has(alone, "Gerund")) return true;
  // "Redlines, door schedules in Revit", "daylight studies in ClimateStudio", "data; …": a
  // word that is only a noun on its own, before a comma or a plural, opens a list of things,
  // not a verb and its object ("I redlined, door schedules", "daylighted studies", round 27).
  if (NEVER_VERB.test(word)) return false;
  const lexical = termsOf(word)[0];
  if (has(lexical, "Noun") && !has(lexical, "Verb") && !isResumeVerbStem(word)) {
    const [opening = "", next = ""] = text.split(/\s+/);
    const plural = has(termsOf(`the ${next.replace(/[^A-Za-z-]/g, "")}`)[1], "Plural");
    if (/,$/.test(opening) || plural) return false;
  }
  if (alone && isBaseFormVerb(alone.text, text)) return true;
  if (has(alone, "Noun") && !has(alone, "Verb")) return false;
  const terms = termsOf(`I ${lowerFirst(text)}`).slice(1);
  const [first, second] = terms;
  if (!first || !has(first, "Verb") || has(first, "Adjective")) return false;
  if (has(first, "Gerund")) return true;
  // "Demand forecasting models": a noun before a gerund, unless a verb resumes use.
  if (!/ed$/i.test(first.text) && /ing$/i.test(second?.text ?? "") && !isResumeVerbStem(first.text))
    return false;
  // Only a participle can be an adjective ("Distributed", "Automated"); "Forecast station
  // demand" is a verb whatever follows.
  if (!/ed$/i.test(first.text)) return true;
  if (opensObject(second) || has(second, "ProperNoun", "Acronym", "Adverb")) return true;
  // "Helped organize the spring night": a verb followed by its bare infinitive.
  if (/^help(ed)?$/i.test(first.text) || (has(second, "Verb") && !has(second, "Noun", "Adjective")))
    return true;
  const head = headOf(terms.slice(1));
  return !head || isPlural(head);
}

/** Three or four bare verbs in a series: "count, measure & reconstitute", "plan, shoot and edit". */
const SERIES = /^[a-z]+(?:,\s*[a-z]+){1,2},?\s+(?:&|and)\s+[a-z]+\b/i;

/** A clause that opens with a series of present verbs, each put in the past; else null. */
function seriesInPast(clause: string): string | null {
  const series = SERIES.exec(clause);
  if (!series) return null;
  const verbs = series[0].split(/,\s*|\s+(?:&|and)\s+/).filter(Boolean);
  const pasts = verbs.map((verb) =>
    has(termsOf(`I ${verb.toLowerCase()}`)[1], "PresentTense", "Infinitive") ? pastOf(verb) : "",
  );
  if (!pasts.every(Boolean)) return null;
  let said = series[0];
  verbs.forEach((verb, i) => {
    said = said.replace(new RegExp(`\\b${verb}\\b`), pasts[i]);
  });
  return `${said}${clause.slice(series[0].length)}`;
}

/** Whether a base form is one of the verbs resumes open with ("lead": "led", "hold"). */
function isResumeVerbStem(stem: string): boolean {
  const lower = stem.toLowerCase();
  if (ACTION_VERBS.has(lower) || actorVerb(lower)) return true;
  const past = pastOf(lower);
  return ACTION_VERBS.has(past) || RESUME_VERBS.has(past);
}

/**
 * Resume verbs compromise reads as nouns even after "I" ("Tutor 15 students", "Mentor three
 * new hires"): verbs when an object follows them.
 */
const ACTOR_VERBS = new Set(["tutor", "mentor", "coach", "counsel", "usher"]);

/** "Tutors" -> "tutor"; other words as they are. */
const actorVerb = (word: string) => {
  const lower = word.toLowerCase();
  const stem = lower.replace(/s$/, "");
  return ACTOR_VERBS.has(lower) ? lower : ACTOR_VERBS.has(stem) ? stem : null;
};

/**
 * A bullet in the base form or the present ("Hold 1:1 sessions with 12 students", "Tutor 15
 * students", "Assist nurses with intake"): compromise tags "hold" alone as a noun, but after
 * "I" it is a verb, and what follows it (a number, an article, a plural) is its object.
 */
function isBaseFormVerb(word: string, text: string): boolean {
  // "Pops concerts for 3,000 attendees", "Sales calls to 40 clinics": a plural before a plural
  // is a noun naming a thing, unless its stem is a verb resumes use ("Leads workshops").
  const [alone, next] = termsOf(text);
  if (has(alone, "Plural") && has(next, "Plural") && !isResumeVerbStem(word.replace(/s$/i, "")))
    return false;
  // "Demand forecasting models", "Customer onboarding": a noun before a gerund names a kind of
  // work, unless it is a verb resumes use ("Lead onboarding for 40 hires").
  if (/ing$/i.test(next?.text ?? "") && !isResumeVerbStem(word)) return false;
  // "Holds weekly office hours": the third person is read as its base form ("hold").
  if (/[^s]s$/i.test(word) && !actorVerb(word)) {
    const base = text.replace(/^(\S+?)s\b/, "$1");
    if (baseFormReads(base)) return true;
  }
  return baseFormReads(text, word);
}

function baseFormReads(text: string, word = text.split(" ")[0] ?? ""): boolean {
  const terms = termsOf(`I ${lowerFirst(text)}`).slice(1);
  const [first, second] = terms;
  if (!first) return false;
  const verb = actorVerb(word) !== null || (has(first, "Infinitive") && !has(first, "Noun"));
  if (!verb) return false;
  if (!second) return true;
  if (has(second, "Preposition")) return false;
  if (opensObject(second) || has(second, "ProperNoun", "Acronym", "Adverb")) return true;
  const head = headOf(terms.slice(1));
  return !head || isPlural(head);
}

/**
 * "managed $6,500 budget", "led 7-teacher math department": a resume drops the article before
 * a sum or a counted compound; the email says it ("managed a $6,500 budget", round 15).
 */
function withObjectArticle(clause: string): string {
  const [verb = "", amount = "", ...rest] = clause.split(" ");
  if (!/^(\$[\d,.]+[KMBkmb]?\+?|\d[\d,.]*-[a-z]+)$/.test(amount)) return madeThingArticle(clause);
  // The noun the amount describes: the words up to the first that ends the phrase.
  const words: string[] = [];
  for (const word of rest) {
    if (
      /^(for|in|of|with|to|at|on|across|by|from|through|into|over|under|during|per|and|or|&)$/i.test(
        word,
      )
    )
      break;
    words.push(word.replace(/[,;:.]+$/, ""));
    if (/[,;:.]$/.test(word) || words.length === 3) break;
  }
  const last = words.at(-1);
  if (!last) return clause;
  // One thing: a singular noun ("budget", "department"), not "workshops" nor "$12K in donations".
  const term = termsOf(`a ${last}`)[1];
  if (!term || !has(term, "Noun") || isPlural(term)) return clause;
  const article = /^\$?(8|11|18)(?![\d])|^\$?8\d/.test(amount) ? "an" : "a";
  return `${verb} ${article} ${clause.slice(verb.length + 1)}`;
}

/** Verbs of making: what follows names one thing made, which takes "a". */
const MAKING =
  /^(built|designed|developed|created|wrote|launched|implemented|prototyped|deployed|produced|drafted|authored|coded|programmed|engineered|established|founded|organized|managed|automated)$/;
/** Nouns no "a" goes before: "built software", "managed inventory". */
const MASS_NOUN =
  /^(software|inventory|data|content|equipment|training|outreach|support|research|analysis|marketing|traffic|revenue|code|documentation|logistics|scheduling|staff|feedback|infrastructure|tooling|curriculum|coursework|payroll|budgeting|fundraising|recruitment|onboarding|signage|merchandise|packaging|branding|copy|media|collateral)$/i;

/**
 * "built lease-end retention propensity model (XGBoost)" → "built a lease-end retention …": a
 * bullet drops the article a sentence needs (round 17's readers). Only after a verb of making,
 * before lower-case words ending in one singular noun that is no mass noun, and never before a
 * name, a number, a determiner or a possessive.
 */
function madeThingArticle(clause: string): string {
  const [verb = "", ...rest] = clause.split(" ");
  if (!MAKING.test(verb) || rest.length < 2) return clause;
  const words: string[] = [];
  for (const word of rest) {
    if (
      /^(for|in|of|with|to|at|on|across|by|from|through|into|over|under|during|per|and|or|&|that|which|using|to)$/i.test(
        word,
      ) ||
      /^[(]/.test(word)
    )
      break;
    words.push(word.replace(/[,;:.]+$/, ""));
    if (/[,;:.]$/.test(word)) break;
  }
  const [first = ""] = words;
  const last = words.at(-1) ?? "";
  if (words.length < 2 || words.length > 5) return clause;
  if (
    /^(a|an|the|my|our|their|his|her|its|this|that|these|those|each|every|all|both|one|two|three|several|multiple|new|more|over|about|nearly|\d)/i.test(
      first,
    )
  )
    return clause;
  if (/'s$|’s$/.test(first) || !/^[a-z]+$/.test(last) || MASS_NOUN.test(last)) return clause;
  const term = termsOf(`a ${last}`)[1];
  if (!term || !has(term, "Noun") || isPlural(term) || /s$/.test(last)) return clause;
  return `${verb} ${articleFor(first)} ${rest.join(" ")}`;
}

const articleFor = (phrase: string) => {
  const first = phrase.split(/\s+/)[0] ?? "";
  // Letters said one by one ("an MBA", "an SQL"); a name in mixed case is a word ("a REDCap").
  if (/^[A-Z]{2,}/.test(first) && !/[a-z]{2}/.test(first))
    return /^[AEFHILMNORSX]/.test(first) ? "an" : "a";
  return /^[aeiou]/i.test(first) && !/^(uni|use|usu|eu|one)/i.test(first) ? "an" : "a";
};

/** The first verb in the past tense: "Developing a dashboard" -> "developed a dashboard". */
function pastTense(clause: string): string {
  // "count, measure & reconstitute suspensions": each verb of a series takes the past, not the
  // first alone ("counted, measure & reconstitute", round 14).
  const series = seriesInPast(clause);
  if (series) return series;
  const [first = "", ...rest] = clause.split(" ");
  // "fine-tuned", "co-authored": a prefixed past is the past already.
  if (/^[a-z]+-[a-z]+ed$/i.test(first)) return clause;
  const terms = termsOf(first);
  if (has(terms[0], "PastTense")) return clause;
  const actor = actorVerb(first);
  if (actor) return [`${actor}ed`, ...rest].join(" ");
  const past = pastOf(first);
  if (!past) return clause;
  // "Grade and hold office hours", "Clean & merge data": the second verb follows the first's tense.
  const [and, second = "", ...after] = rest;
  if (
    (and === "and" || and === "&") &&
    has(termsOf(`I ${second.toLowerCase()}`)[1], "PresentTense", "Infinitive")
  ) {
    const secondPast = pastOf(second);
    if (secondPast) return [past, and, secondPast, ...after].join(" ");
  }
  // "Parses court emails and creates calendar deadlines": a later verb the "and" joins to the
  // first follows its tense too.
  const inContext = termsOf(`I ${[past, ...rest].join(" ")}`).slice(2);
  const joined = rest.map((word, i) => {
    const term = inContext.find((t) => t.text === word.replace(/[.,;:]+$/, ""));
    // A verb takes an object ("creates calendar deadlines"); "dashboards and reports for
    // 4 teams" is a list of things.
    const next = inContext.find((t) => t.text === (rest[i + 1] ?? "").replace(/[.,;:]+$/, ""));
    const takesObject = Boolean(next) && !has(next, "Preposition", "Conjunction");
    return i > 0 &&
      rest[i - 1] === "and" &&
      /s$/.test(word) &&
      has(term, "PresentTense") &&
      takesObject
      ? pastOf(word) || word
      : word;
  });
  return [past, ...joined].join(" ");
}

/** One verb in the past tense ("hold" -> "held"), or "" when compromise cannot conjugate it. */
/** Irregular pasts a prefix may open: "redrew", "rewrote", "rebuilt", "oversaw". */
const PREFIXED_IRREGULAR_PAST =
  /^(re|co|pre|over|under|out)(drew|wrote|built|ran|led|made|took|gave|grew|taught|sold|bought|won|began|held|kept|brought|sent|spent|saw|thought|found|told|stood|drove|rode|chose|froze|spoke|broke|shook|fought|caught|sought|wound|bound|laid|paid|said|met|fed|fled|bled|dealt|meant|felt|left|lost|sat|hung|struck|swung|dug|stuck|spun|shone|woke)$/i;

function pastOf(word: string): string {
  // "Redrew 8 planting plans": a prefixed irregular past is the past already ("redrewed",
  // round 32).
  if (PREFIXED_IRREGULAR_PAST.test(word)) return word.toLowerCase();
  // "Co-wrote", "re-slot": the verb after its prefix takes the tense ("co-wroted", round 21).
  const prefixed = /^(co|re|pre|de|un|over|under|cross)-([a-z]+)$/i.exec(word);
  if (prefixed) {
    const stem = prefixed[2].toLowerCase();
    if (has(termsOf(`I ${stem}`)[1], "PastTense")) return word.toLowerCase();
    const past = pastOf(stem);
    return past ? `${prefixed[1].toLowerCase()}-${past}` : "";
  }
  // With its subject the verb is read as one ("I own" -> "owned"); alone, compromise took
  // "own" for an adjective and cut it to "ow" (round 21: "I ow the feedback pipeline").
  const said = nlp(`I ${word.toLowerCase()}`).verbs();
  if (said.length > 0) {
    const past = said.toPastTense().text().replace(/^I\s+/, "");
    if (past && !/\s/.test(past)) return past;
  }
  const verb = nlp(word.toLowerCase());
  // "hold" alone reads as a noun: told it is the verb, it conjugates ("held").
  if (verb.verbs().length === 0) verb.tag("Verb");
  return verb.verbs().toPastTense().text();
}

/**
 * A clause of a job still held, said in the present as its bullet says it: "Supervise 15 staff;
 * manage scheduling" is "supervise 15 staff, and manage scheduling", not "supervised … managed"
 * (round 21's readers counted the past of a current job as a false statement). Each verb the
 * clause put in the past goes back to the bullet's own present; a bullet told in the past or as
 * a gerund stays as told. `held` is false where the resume gives no dates (a club's role): only
 * a bullet the student wrote in the present is told in it.
 */
export function inPresent(clause: string, bullet: string, held = true): string {
  // Tagged once per bullet, as clauseOf's clauses are: every email to the student's contacts
  // tells the same current job's bullets again.
  const key = `${held ? 1 : 0}\u0000${clause}\u0000${bullet}`;
  let said = presentClauses.get(key);
  if (said === undefined) {
    said = presentOf(clause, bullet, held);
    if (presentClauses.size >= CLAUSE_CACHE_SIZE) {
      presentClauses.delete(presentClauses.keys().next().value as string);
    }
    presentClauses.set(key, said);
  }
  return said;
}

const presentClauses = new Map<string, string>();

function presentOf(clause: string, bullet: string, held: boolean): string {
  const first = /^[\s•·*\-–—]*([A-Za-z]+)\b/.exec(bullet)?.[1] ?? "";
  if (!first || /ing$/i.test(first)) return clause;
  const said = (word: string) => termsOf(`I ${word.toLowerCase()}`)[1];
  const isPresent = (word: string) =>
    has(said(word), "PresentTense", "Infinitive") && !has(said(word), "PastTense");
  // "Taught 12 weekly private students" at a job still held: work that recurs is still done.
  // "…; the feature shipped June 2026": a dated result is done, whatever recurs around it.
  const recurs =
    held &&
    RECURRING.test(bullet) &&
    !/\b(19|20)\d{2}\b/.test(bullet) &&
    has(said(first), "PastTense");
  const actor = ACTOR_VERBS.has(first.toLowerCase());
  if (!isPresent(first) && !actor && !recurs) return clause;
  // The bullet's verbs: its first word and each word after "; ", "and", "&" or a comma.
  const present = new Map<string, string>();
  const verbs = bullet.matchAll(/(?:^[\s•·*\-–—]*|[;,&]\s*|\band\s+)([A-Za-z]+)\b/g);
  for (const [, word] of verbs) {
    const lower = word.toLowerCase();
    if (recurs && has(said(lower), "PastTense")) {
      const base = nlp(`I ${lower}`).verbs().toInfinitive().text().replace(/^I\s+/, "");
      if (base && base !== lower && !/\s/.test(base)) present.set(lower, base);
      continue;
    }
    if (!isPresent(lower)) continue;
    // "Create Instagram posts and reels": a bullet opened in the base form says its verbs in
    // it; a word in "-s" after its "and" is a plural ("posts and reel", round 23).
    if (/[^s]s$/.test(lower) && !/[^s]s$/i.test(first)) continue;
    // "Resolves tickets": the student's own present is the base form ("I resolve").
    const base = /[^s]s$/.test(lower)
      ? nlp(`he ${lower}`)
          .verbs()
          .toInfinitive()
          .text()
          .replace(/^he\s+/, "") || lower
      : lower;
    if (base !== lower) present.set(lower, base);
    const past = pastOf(base);
    if (past && past !== base) present.set(past, base);
  }
  // "Counsel patients": a verb compromise reads as a noun takes its past from the clause's
  // first word, the one the bullet's first became.
  const opened = clause.split(" ")[0] ?? "";
  if (actor && /ed$/.test(opened)) present.set(opened, first.toLowerCase());
  const told = clause.replace(/\b[a-z]+\b/g, (word) => present.get(word) ?? word);
  // "Prepare monthly statements and assisted the CPA with 1099 filing": what is done now and
  // what was done once are two sentences' worth; the past one gets its own "I" (round 23's
  // readers marked "I prepare … and assisted …" a slip).
  // A word after it that no verb takes ("and detailed reports") keeps it an adjective.
  // "…from local companies, and booked 5 engineers": the comma is there already (",, and I").
  return told.replace(
    /,? and ([a-z]+ed)\b(?= (the|a|an|with|in|on|to|for|my|our|their|over|\d))/g,
    (whole, verb: string) =>
      !present.has(verb) && has(said(verb), "PastTense") ? `, and I ${verb}` : whole,
  );
}

/** Work said to recur: "12 weekly students", "per shift", "/day", "each semester". */
const RECURRING =
  /\d\+?\s+(weekly|daily|monthly|nightly)\b|\b(per (shift|week|day|month|semester|term)|each (week|day|shift|month|semester|term)|every (week|day|shift|month|semester))\b|\/(day|wk|week|shift|month|mo)\b/i;

/** Whether every bracket the text opens it closes, in order. */
function isBalanced(text: string): boolean {
  let depth = 0;
  for (const c of text) {
    if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    if (depth < 0) return false;
  }
  return depth === 0;
}

/**
 * An opener ending in "-ed" whose stem no tagger knows as a verb ("Postered" from "poster"),
 * followed by a past tense: two verbs with no subject or object between them.
 */
function isGarbledOpener(text: string): boolean {
  const [first = "", second = ""] = text.toLowerCase().split(" ");
  if (!/^[a-z]+ed$/.test(first) || ACTION_VERBS.has(first) || RESUME_VERBS.has(first)) return false;
  if (!/^[a-z]+(ed|en)$/.test(second)) return false;
  const stem = first.replace(/ed$/, "");
  const stems = [stem, `${stem}e`, stem.replace(/(.)\1$/, "$1")];
  return !stems.some((word) => has(termsOf(`to ${word}`)[1], "Infinitive", "Verb"));
}

/** Words that say a certificate, licence or degree is not yet held. */
const IN_PROGRESS =
  /\b(studying|in progress|in-progress|expected|anticipated|pending|candidate|pursuing|preparing for|exp\.)\b/i;

const ORDINAL_PLACE =
  /^(1st|2nd|3rd|\d+th|first|second|third|fourth|fifth)\s+place\b[,:\s–—-]*(?:(?:in|at)\s+)?(.*)$/i;
const TOP_SHARE = /^top (\d+%|\d+)\s+(?:of|in|among)\s+(.+)$/i;
const HONOUR_TITLE =
  /^(finalist|semi-?finalist|winner|runner-up|champion|honou?rable mention)\b[,:\s–—-]*(?:(?:in|at|of)\s+)?(.*)$/i;
const HONOUR_LIST =
  /^(dean'?s'? list|president'?s'? list|honou?r roll|cum laude|magna cum laude|summa cum laude|phi beta kappa)\b/i;

/** What an event is called after "in": brackets and a trailing year dropped. */
const eventName = (text: string) =>
  text
    .replace(/\s*\([^)]*\)\s*$/, "")
    .replace(/,?\s*(19|20)\d\d$/, "")
    .trim();

/**
 * An honour as a clause ("placed 2nd in …", "was a finalist in …"), "" for one that reads as
 * no clause (a list, a name alone), or null when the bullet is no honour.
 */
function honourOf(text: string): string | null {
  if (HONOUR_LIST.test(text)) return "";
  const place = ORDINAL_PLACE.exec(text);
  if (place) {
    const event = eventName(place[2] ?? "");
    const ordinal = place[1]
      .toLowerCase()
      .replace(/^first$/, "1st")
      .replace(/^second$/, "2nd")
      .replace(/^third$/, "3rd");
    return event ? `placed ${ordinal} in the ${event.replace(/^the\s+/i, "")}` : "";
  }
  const top = TOP_SHARE.exec(text);
  if (top) return `placed in the top ${top[1]} of ${eventName(top[2])}`;
  const titled = HONOUR_TITLE.exec(text);
  if (titled) {
    const title = titled[1].toLowerCase();
    const event = eventName(titled[2] ?? "");
    if (!event) return "";
    return `was ${articleFor(title)} ${title} in the ${event.replace(/^the\s+/i, "")}`;
  }
  return null;
}

const POSITION =
  /^(member|active member|general member|president|vice[- ]president|treasurer|secretary|captain|co-captain|chair|co-chair|founder|co-founder|officer|ambassador|representative|delegate|volunteer)\b(?:,\s*|\s+(of|for|at|with)\s+)(.+)$/i;

/** Posts held in a course, a lab or a grant, told with "was a": "TA for STAT 340". */
const TEACHING_POST =
  /^(TA|GSI|UTA|teaching assistant|graduate teaching assistant|undergraduate teaching assistant|grader|tutor|peer tutor|writing tutor|mentor|peer mentor|lab assistant|research assistant|graduate research assistant|course assistant|learning assistant|supplemental instruction leader)\s+(for|in|on|with|to)\s+(.+)$/i;

/** "Member of X" → "was a member of X"; "Treasurer, Finance Club" → "served as treasurer of …". */
function positionOf(text: string): string | null {
  // "TA for STAT 340 and STAT 610, ~120 students/semester": a teaching or research post held,
  // not a thing worked on ("I worked on a TA for STAT 340", round 17).
  const post = TEACHING_POST.exec(text);
  if (post) {
    const title = /^[A-Z]{2,}s?$/.test(post[1]) ? post[1] : post[1].toLowerCase();
    return `was ${articleFor(title)} ${title} ${post[2].toLowerCase()} ${post[3]}`;
  }
  const held = POSITION.exec(text);
  if (!held) return null;
  const [, title, preposition, group] = held;
  const lower = title.toLowerCase();
  const of = preposition?.toLowerCase() ?? "of";
  if (/member$/.test(lower)) return `was a member ${of} ${group}`;
  return `served as ${lower} ${of} ${group}`;
}

/** Praise of the work by others after a dash: "— recognized by the unit manager". */
const CREDITED =
  /^(recognized|praised|commended|featured|selected|awarded|nominated|cited|thanked)\b/i;

/** "38x speedup over the old code", "25% reduction in wait time": a result told as "a …". */
const MEASURED_RESULT =
  /^\d[\d.,]*\s?(x|×|%)\s+(speedup|speed-up|improvement|increase|reduction|decrease|gain|growth|lift|boost|drop|rise)\b/i;

/** Whether what follows a semicolon opens with a verb of its own ("managed a $20K budget"). */
function isClauseAfterSemicolon(rest: string): boolean {
  const next = rest.split(" ")[0] ?? "";
  if (!/^[A-Za-z]+$/.test(next) || PASSIVE.test(next) || NEVER_VERB.test(next)) return false;
  return startsWithVerb(rest);
}

/** Verbs a result is told with after what it measures: "course pass rate rose". */
const RESULT_VERB =
  /^(rose|fell|grew|increased|improved|doubled|tripled|dropped|declined|decreased|jumped|climbed|went|reached|hit)$/i;

/** "course pass rate rose from 78% to 91%": up to four words of a subject, then a result's verb. */
function hasOwnSubject(text: string): boolean {
  const words = text.split(" ");
  const verbAt = words.findIndex((word) => RESULT_VERB.test(word));
  return (verbAt > 0 && verbAt <= 4) || pastAfterNoun(words) > 0 || pluralThenVerb(words);
}

/** "services handle ~1.2M calls": a plural noun and a verb in the present after it. */
function pluralThenVerb(words: string[]): boolean {
  const [first = "", second = ""] = words;
  if (!/^[a-z]{4,}s$/.test(first) || !/^[a-z]{3,}$/.test(second)) return false;
  const [, noun, verb] = termsOf(`the ${first} ${second}`);
  return has(noun, "Plural") && has(verb, "PresentTense", "Infinitive");
}

/** Words that open a list of duties after a semicolon and are never its verb. */
const NEVER_VERB =
  /^(data|content|sales|inventory|social|weekly|daily|monthly|quarterly|annual|patient|client|customer|student|staff|product|quality|safety|vendor|payroll|marketing)$/i;

/** Words a full stop may follow inside a sentence: "vs. GLM", "Inc. and". */
const ABBREVIATION =
  /(^|\s)(vs|etc|incl|approx|inc|co|corp|dr|mr|mrs|ms|st|no|jr|sr|dept|univ|e\.g|i\.e|u\.s|[A-Z])$/i;

/** A bullet's first sentence: "Led the move. Basically my first project" → "Led the move". */
function firstSentence(text: string): string {
  const end = /\.\s+(?=[A-Z])/g;
  for (let match = end.exec(text); match; match = end.exec(text)) {
    if (!ABBREVIATION.test(text.slice(0, match.index))) return text.slice(0, match.index);
  }
  return text;
}

/** A text's parts between commas outside brackets: "a (b, c), d" → ["a (b, c)", "d"]. */
function topLevelCommaParts(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth = Math.max(0, depth - 1);
    else if (c === "," && depth === 0 && text[i + 1] === " ") {
      parts.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(text.slice(start).trim());
  return parts.filter(Boolean);
}

/** Verbs whose past is the same word: "cut", "set up", "put". */
const SAME_PAST = /^(cut|set|put|hit|cast|spread|split|shut|let|broadcast|forecast|upset|beat)$/i;

/** Words between a fragment's subject and its verb: "assay now used by 2 labs". */
const LATER = /^(now|later|since|then|still|eventually|ultimately|subsequently|also)$/i;

/**
 * Where the past tense of a one-word subject stands ("stock returned 27%", "assay now used by
 * 2 other labs"), or -1: such a fragment is a sentence of its own, never "stocked returned".
 */
function pastAfterNoun(words: string[]): number {
  // "cut required test duration by 22%": a verb whose past is its own form opens a clause of
  // the student's, never a subject ("and the cut required", round 17).
  if (!/^[a-z]+$/i.test(words[0] ?? "") || /ed$/i.test(words[0]) || SAME_PAST.test(words[0]))
    return -1;
  const at = LATER.test(words[1] ?? "") ? 2 : 1;
  const word = words[at] ?? "";
  // "stock returned", "bags now sold": a past tense, regular or not, after a one-word subject.
  return /^[a-z]+$/i.test(word) && has(termsOf(`it ${word.toLowerCase()}`)[1], "PastTense")
    ? at
    : -1;
}

/** "assay now used by 2 other labs": the work's later use, told after it ("…, now used by …"). */
function passiveResult(rest: string): string | null {
  const words = rest.split(" ");
  const at = pastAfterNoun(words);
  if (at < 0 || !/^(by|in|at|across|as|for|throughout|on)$/i.test(words[at + 1] ?? "")) return null;
  return words.slice(1).join(" ");
}

/** "preferred alternative estimated at $4.7M": a choice and its figure, noted without a verb. */
const CHOICE_NOTED =
  /^(preferred|selected|chosen|recommended|proposed|approved)\s+[a-z]+\s+[a-z]+ed\b/;

/** Participles that say what happened to the work, after a semicolon. */
const PASSIVE =
  /^(featured|published|selected|recognized|adopted|cited|covered|showcased|presented|approved|accepted|funded|implemented|deployed|merged|used|reused|shared)$/i;

/** Participles that open a bullet about what happened to the student: "was promoted". */
const HAPPENED_TO =
  /^(promoted|selected|elected|chosen|awarded|named|nominated|recognized|invited|hired|admitted|accepted|recruited|appointed|certified|rehired)\b/i;

/** Participles that take an object and still happened to the student: "Awarded $5,000". */
const ALWAYS_PASSIVE = /^(awarded|granted|named|nominated|elected)\b/i;

/** What follows a participle when the student did the act: "and" another verb, or an object. */
const ACTIVE_AFTER = /^\S+\s+(and\s+[a-z]+ed\b|\d|a\b|an\b|the\b|\$|over\s+\d|more\s+than)/i;

/** A project's bullet that starts with a verb and a preposition: "Built with Flask" → "built it with". */
const BARE_PREPOSITION =
  /^(\w+) (with|to|in|on|for|using|at|by|from|during|as|into|across|over)\b/i;

// The misspellings resumes carry most ("Recieved 'Associate of the Month'", round 23): an email
// the student sends should not repeat them to a recruiter.
const MISSPELLED: Record<string, string> = {
  recieved: "received",
  recieve: "receive",
  acheived: "achieved",
  acheive: "achieve",
  managment: "management",
  seperate: "separate",
  seperated: "separated",
  occured: "occurred",
  sucessfully: "successfully",
  succesfully: "successfully",
  responsibilites: "responsibilities",
  developement: "development",
  enviroment: "environment",
  begining: "beginning",
  comittee: "committee",
  commitee: "committee",
  excercise: "exercise",
  maintainance: "maintenance",
  coordinted: "coordinated",
  assisst: "assist",
  asssisted: "assisted",
  perfomed: "performed",
  perfomance: "performance",
  implmented: "implemented",
  utilzed: "utilized",
  recomended: "recommended",
  buisness: "business",
  calender: "calendar",
  accomodate: "accommodate",
  accomodated: "accommodated",
  transfered: "transferred",
  sophmore: "sophomore",
  reproducable: "reproducible",
  transfering: "transferring",
  relevent: "relevant",
  recieving: "receiving",
  definately: "definitely",
  oppurtunity: "opportunity",
  oppurtunities: "opportunities",
  intrested: "interested",
  comming: "coming",
  experiance: "experience",
  internhsip: "internship",
  intership: "internship",
  interveiw: "interview",
  beleive: "believe",
  untill: "until",
  alot: "a lot",
  thier: "their",
  wich: "which",
};
const MISSPELLING = new RegExp(`\\b(${Object.keys(MISSPELLED).join("|")})\\b`, "gi");

/** A bullet with its common misspellings corrected, each in the case it was written. */
export function spelledRight(text: string): string {
  // "increased general- meeting attendance", "a 22- member team": a word hyphenated where its
  // line wrapped is one word again.
  return text.replace(/([\p{L}\d])- (?=\p{Ll})/gu, "$1-").replace(MISSPELLING, (word) => {
    const right = MISSPELLED[word.toLowerCase()] ?? word;
    return /^[A-Z]/.test(word) ? right[0].toUpperCase() + right.slice(1) : right;
  });
}

export type ClauseSource = "experience" | "project" | "leadership";

/** Bullets' clauses, oldest first: a student's few dozen bullets, for many students at once. */
const clauses = new Map<string, string>();
const CLAUSE_CACHE_SIZE = 5_000;

/**
 * A bullet as a clause ready to follow "I": "Built a DCF model." -> "built a DCF model";
 * "Distributed key-value store implementing Raft" -> "built a distributed key-value store
 * implementing Raft"; "Responsible for onboarding" -> "was responsible for onboarding".
 */
export function clauseOf(bullet: string, source: ClauseSource): string {
  // Tagging is nearly all of an offline email's cost (15 ms an email, 0.6 ms once its bullets
  // are tagged), and every email to a student's contacts reads the same bullets again.
  const key = `${source}\u0000${bullet}`;
  let clause = clauses.get(key);
  if (clause === undefined) {
    clause = tagClause(bullet, source);
    if (clauses.size >= CLAUSE_CACHE_SIZE) clauses.delete(clauses.keys().next().value as string);
    clauses.set(key, clause);
  }
  return clause;
}

/**
 * Round 9: a bullet that cannot be told as "I" + a finite verb is left out (another
 * achievement is told) rather than garbled: "" is the clause of such a bullet.
 */
function tagClause(bullet: string, source: ClauseSource): string {
  let text = spelledRight(bullet)
    .replace(/^[\s•·*\-–—]+/, "")
    .replace(/[.;:,\s]+$/, "")
    .replace(/\s+/g, " ");
  // "Case competition: built a model (Excel)": a label before a colon is the bullet's topic,
  // not its verb. What follows is told when it opens with a verb; otherwise nothing is.
  const label = /^([^:]{2,40}):\s+(\S.*)$/.exec(text);
  // "Fallsway Coffee Roasters: logo, identity & packaging": a name of capitalised words is a
  // label (a client, an event), whatever compromise makes of its first word.
  const named = label ? /^([A-Z][\w'’&.-]*\s+){1,5}[A-Z][\w'’&.-]*$/.test(label[1].trim()) : false;
  // "Led 3 teams: A, B and C" opens with its verb: the colon lists, it does not label.
  if (
    label &&
    !/\d$/.test(label[1]) &&
    (named || !(label[1].includes(" ") && startsWithVerb(label[1])))
  ) {
    const rest = label[2];
    if (!startsWithVerb(rest) || HAPPENED_TO.test(rest)) return "";
    text = rest;
  }
  // "Led the move to Filevine. Basically my first UX project, …": a bullet of sentences is told
  // by its first; the rest is the student's aside (round 17).
  text = firstSentence(text);
  // "Provide care for 12 patients per shift on a 28-bed unit: vitals, I&O, ADLs": a clause, then
  // a list of what it took, is told as the clause ("…unit: vitals." ended round 22's emails).
  const listAfter = /^(.{25,}?):\s+(.+)$/.exec(text);
  if (listAfter && listAfter[1].split(/\s+/).length >= 5 && listAfter[2].includes(",")) {
    text = listAfter[1];
  }
  // "Showed immersion cooling cut max ΔT …": a finding the verb reports takes "that" ("I
  // worked on a showed immersion cooling", round 20).
  text = text.replace(
    /^(Showed|Demonstrated|Proved|Found|Confirmed|Determined)\s+(?!that\b|how\b|a\b|an\b|the\b)((?:[\w-]+\s+){1,4}(?:cut|reduced|improved|increased|decreased|lowered|raised|outperformed|beat|doubled|halved|[a-z]+ed)\b)/,
    "$1 that $2",
  );
  // "Grading + SQL help sessions": a plus after the first word joins no verb and its object.
  if (/^\S+\s+\+\s/.test(text)) return "";
  // "Roomed 25-30 patients/day, vitals, injections, immunizations": a verb and its object, then
  // a list of bare nouns, is told as the verb and its object.
  const parts = topLevelCommaParts(text);
  if (
    parts.length >= 3 &&
    !/^(and|or)\s/i.test(parts.at(-1) ?? "") &&
    parts
      .slice(1)
      .every(
        (part) =>
          part.replace(/\s*\([^)]*\)/g, "").split(/\s+/).length <= 4 && !startsWithVerb(part),
      )
  ) {
    text = parts[0];
  }
  // "Navy and Marine Corps Achievement Medal (2023), Navy Good Conduct Medal": decorations
  // listed, told as the first one received ("I navied", round 19).
  const decorations = topLevelCommaParts(text);
  if (
    /^[A-Z][\w'’&.-]*(\s+([A-Z][\w'’&.-]*|and|of|&))*\s+(Medal|Ribbon|Commendation|Citation|Badge)\b/.test(
      decorations[0] ?? "",
    )
  ) {
    return `received the ${decorations[0]}`;
  }
  // "Individual Game, ranked 142 of 7,800+": a named event, then how the student did in it,
  // is told as the result in the event ("I built individual Game", round 21).
  const event =
    /^((?:[A-Z][\w'’&-]*\s+){0,4}[A-Z][\w'’&-]*),\s+((?:ranked|placed|finished|won|took|scored|earned|advanced|qualified|competed)\b.*)$/.exec(
      text,
    );
  if (event) return `${event[2]} in the ${event[1]}`;
  // "80+ volunteer hours tutoring Algebra II": time given to work, told as time spent.
  if (/^[~≈]?\d[\d,]*\+?\s+(\w+\s+)?hours\s+[a-z]+ing\b/i.test(text)) return `spent ${text}`;
  // "Team won the Innovation Award": a sentence of its own subject is the team's, not the
  // student's ("I worked on a team won", round 17); it is left out.
  if (
    /^(team|our team|the team|my team|we)\s+([a-z]+ed|won|took|made|placed|came|earned|got|went|beat)\b/i.test(
      text,
    )
  )
    return "";
  // "Web app showing live bus locations": a made thing named first ("web" is no verb).
  const made =
    /^(web|mobile|desktop|full[- ]stack|chrome|browser|ios|android)\s+(app|application|site|website|extension|game|tool|dashboard)\b/i.exec(
      text,
    );
  if (made) {
    const phrase = lowerFirst(text);
    return `built ${articleFor(phrase)} ${phrase}`;
  }
  // "React + Node.js, pulls from a transit API": a stack of tools named first is no verb
  // ("I reacted + Node.js", round 17); such a note is left out.
  if (/^[A-Z][\w.#-]*\s*(\+|\/)\s*[A-Z][\w.#-]*/.test(text)) return "";
  // A bracket the bullet opens and never closes (or closes unopened) was cut by the page.
  if (!isBalanced(text)) return "";
  // "Certified Medical Office Manager — studying, exam March 2027": what is still under way
  // is no past achievement ("I was certified" would be false).
  if (IN_PROGRESS.test(text)) return "";
  // "2nd place, Jane Street Forecasting", "Finalist, Deloitte Case Competition", "Dean's
  // List": an honour is told as one, never as something the student made or worked on.
  const honour = honourOf(text);
  if (honour !== null) return honour;
  // "Member of the Society of Women Engineers", "Treasurer, Finance Club": a position held.
  const position = positionOf(text);
  if (position) return position;
  // "Reduced wait time by 15% — recognized by the unit manager": what follows a dash is a
  // comment on the work, and "and recognized by" would make the student the one who did it.
  // A measured result after the dash is kept ("— yield up from 42% to 78%", "— found 70% were
  // one merchant"): round 14's readers missed the numbers the bullet was written for.
  text = text.replace(/\s+[—–]\s+(.*)$|\s+-\s+(?=[a-z])(.*)$/, (_, a?: string, b?: string) => {
    // "— traced 70% of it to one category; findings used in a policy update": the result, to
    // its semicolon.
    const rest = (a ?? b ?? "").split(";")[0].replace(/[.\s]+$/, "");
    if (!/\d/.test(rest) || CREDITED.test(rest) || !isBalanced(rest)) return "";
    const [next = ""] = rest.split(" ");
    if (has(termsOf(`I ${next.toLowerCase()}`)[1], "PastTense")) return `, and ${lowerFirst(rest)}`;
    // "yield up from 42% to 78%", "0 discrepancies since 2025": a result in few words.
    return rest.split(/\s+/).length <= 10 ? `, ${lowerFirst(rest)}` : "";
  });
  // "Postered presented at …": a past tense made of a word that is only a noun, before another
  // verb, is a typo the email would repeat ("I postered presented").
  if (isGarbledOpener(text)) return "";
  // "...; handled 9,000 orders": the second verb joins the first, it is no new sentence.
  text = text.replace(/; (?=[A-Za-z]+\b)/g, (match, offset: number) => {
    if (CHOICE_NOTED.test(text.slice(offset + 2))) return match;
    const [next = "", after = ""] = text.slice(offset + 2).split(" ");
    // "; promoted to student supervisor", "; recognized as Associate of the Month": it happened
    // to the student ("and it was recognized as …", round 25).
    if (
      /^(promoted|rehired|elected|named|invited|recognized|recognised|selected|chosen|honored|honoured)$/i.test(
        next,
      ) &&
      /^(to|as|in|by|for)$/i.test(after)
    )
      return ", and was ";
    // "; featured in the senior show": the work was featured, not the student.
    if (PASSIVE.test(next) && /^(in|on|by|at|as|for)$/i.test(after)) return ", and it was ";
    // "; trusted with opening shifts": trust given to the student.
    if (/^(trusted|entrusted|tasked|charged)$/i.test(next) && /^with$/i.test(after))
      return ", and was ";
    return has(termsOf(`I ${next.toLowerCase()}`)[1], "PastTense") ? ", and " : match;
  });
  // "…; count, measure & reconstitute suspensions": a series of verbs in the past, each one.
  text = text.replace(/; ([a-z].*)$/, (match, rest: string) => {
    // "; preferred alternative estimated at $4.7M; final presentation …": a choice and what it
    // came to, in notes, is no verb of the student's ("and preferred alternative estimated",
    // round 30): left out.
    if (CHOICE_NOTED.test(rest)) return "";
    // "; services handle ~1.2M API calls/day": a clause with a subject of its own, not a
    // series of verbs ("and serviced handle", round 26).
    if (hasOwnSubject(rest)) return match;
    const past = seriesInPast(rest);
    return past ? `, and ${past}` : match;
  });
  // "...; lead a team of 6": a verb in the present after the semicolon follows the first's past.
  text = text.replace(/; ([a-z]+)\b/g, (match, next: string, offset: number) => {
    // "; course pass rate rose": a noun that opens a clause of its own is no verb ("coursed");
    // only a verb resumes use is put in the past ("; cut latency by 30%").
    const rest = text.slice(offset + 2);
    // "; data quality checks and weekly reports": a noun that opens a list of duties ("dataed").
    if (NEVER_VERB.test(next)) return match;
    if (hasOwnSubject(rest) || !(isResumeVerbStem(next) || startsWithVerb(rest))) return match;
    // "; receiving dock and overnight stocking": a gerund after a semicolon names a duty.
    if (/ing$/.test(next)) return match;
    const term = termsOf(`I ${next}`)[1];
    if (!has(term, "PresentTense", "Infinitive") || has(term, "PastTense")) return match;
    const past = pastOf(next);
    return past ? `, and ${past}` : match;
  });
  // "…; 38x speedup over the previous code": what no verb opens is a fragment, left out.
  text = text.replace(/; (.*)$/, (match, rest: string) => {
    const later = passiveResult(rest);
    if (MEASURED_RESULT.test(rest)) return `, a ${rest}`;
    if (later) return `, ${later}`;
    // "; 2 buy calls returned 18% on average": a count that has its own verb is a clause of
    // its own, kept after its semicolon (", with 2 buy calls returned" is no English).
    if (
      /^[~$]?\d[\d,.]*\+?\s+(of\s+\d[\d,]*\s+)?([a-z-]+\s+){1,3}(returned|grew|rose|fell|won|gained|beat|outperformed|passed|[a-z]+ed)\s+([~$]?\d|the\b|an?\b|by\b|[A-Z])/.test(
        rest,
      )
    )
      return match;
    // "; 340 registered users in the first semester": what the work came to.
    if (/^[~$]?\d[\d,.]*\+?\s+[a-z]/i.test(rest) && !hasOwnSubject(rest)) return `, with ${rest}`;
    if (hasOwnSubject(rest))
      return `, and ${/^(the|a|an|our|my|their|its|\d)/i.test(rest) ? "" : "the "}${rest}`;
    return isClauseAfterSemicolon(rest) ? match : "";
  });
  // "Managed a $3,200 budget, organized a showcase": the last of two verbs takes its "and".
  const pair = topLevelCommaParts(text);
  if (pair.length === 2 && !/\band\b/.test(pair[1])) {
    const [verb = "", after = "", then = ""] = pair[1].split(" ");
    // "…by terminal, used in the monthly review": a participle of what was done to the work
    // stays one ("and used in the monthly review" made the student its subject, round 22), an
    // adverb between them too ("used weekly by the response team", round 26).
    const preposition = /^(in|on|by|at|as|for|across)$/i;
    const passive =
      PASSIVE.test(verb) &&
      (preposition.test(after) || (/(ly|wide)$/i.test(after) && preposition.test(then)));
    if (!passive && /^[a-z]+ed$/.test(verb) && has(termsOf(`I ${verb}`)[1], "PastTense")) {
      text = `${pair[0]}, and ${pair[1]}`;
    }
  }
  // ", and Reduced costs": a verb joined in takes a small letter; ", and TikTok" is a name.
  // "Zr, Hf, and Ni complexes": a two-letter name (an element, a state) is no verb.
  text = text.replace(/, and ([A-Z][a-z]+)\b/g, (match, word: string) =>
    word.length > 2 && has(termsOf(`I ${word.toLowerCase()}`)[1], "Verb")
      ? `, and ${lowerFirst(word)}`
      : match,
  );
  // "Promoted to shift lead after 9 months": it happened to the student. "Recruited and
  // trained 8 volunteers", "Selected 40 vendors": the student did it (an object follows).
  if (HAPPENED_TO.test(text) && (ALWAYS_PASSIVE.test(text) || !ACTIVE_AFTER.test(text)))
    return `was ${lowerFirst(text)}`;
  const terms = termsOf(lowerFirst(text));
  const first = terms[0];
  if (!first) return text;
  if (startsWithVerb(text)) {
    // "…, and built channel-check survey of 120 retailers": a verb joined in takes its article
    // as the first one does (round 21).
    let clause = withObjectArticle(lowerFirst(pastTense(text))).replace(
      /(, and )([a-z]+ .*)$/,
      (whole, and: string, rest: string) =>
        MAKING.test(rest.split(" ")[0] ?? "") ? `${and}${madeThingArticle(rest)}` : whole,
    );
    if (source === "project" && BARE_PREPOSITION.test(clause) && has(first, "PastTense")) {
      clause = clause.replace(BARE_PREPOSITION, "$1 it $2");
    }
    return clause;
  }
  if (has(first, "Adjective") && has(terms[1], "Preposition")) {
    // "Responsible for onboarding 20 clients", "Fluent in Spanish".
    return `was ${lowerFirst(text)}`;
  }
  // A noun phrase: what the student made or worked on. One that opens with a describing word
  // ("Forklift-certified; receiving dock …") or still holds a semicolon is a list of notes,
  // no thing made: "I worked on a forklift-certified" is no English.
  const adjectiveAlone = has(first, "Adjective") && !has(terms[1], "Noun", "Gerund");
  if (text.includes(";") || adjectiveAlone || /-\w+ed$/.test(first.text)) return "";
  // "16–24 hrs/week on a 28-bed unit": a schedule, no work done.
  if (/\b(hrs?|hours?)\s*(\/|per|a|an|each)\s*(week|wk|month|shift|day)\b/i.test(text)) return "";
  const phrase = lowerFirst(text);
  const head = headOf(terms) ?? first;
  // "5-person team comparing two designs": a team the student was on, not one they made.
  if (/^([\w-]+\s+)?(team|group|squad|crew|committee|cohort)\b/i.test(phrase))
    return `was on ${articleFor(phrase)} ${phrase}`;
  // "Event posters, digital signage & social graphics": a list of things takes no "a".
  const listed = /^[^(]*?(,|\s&\s|\sand\s)/.test(
    phrase.split(/\s(?:for|with|within|in|at|on|of|to)\s/)[0],
  );
  const plural = listed || isPlural(head) || ACTIVITY_NOUN.test(head.text.toLowerCase());
  // "I worked on a 16 …": a count before a thing that is one is no phrase to tell, nor a count
  // of people ("I worked on ~250 students per term", round 16).
  if (/^[~≈$]?\d/.test(text) && (!plural || PEOPLE.test(head.text))) return "";
  // "a small web app for …": a description that has its article keeps it ("built an a small").
  const object =
    plural || /^(a|an|the|my|our|one)\s/i.test(phrase) ? phrase : `${articleFor(phrase)} ${phrase}`;
  // "Winter busy season intern on two engagements": a post held, not a thing worked on.
  if (!plural && ROLE_HEAD.test(head.text)) return `was ${object}`;
  // "Drop-in tutoring for Calculus", "Peer mentoring for 12 first-years": a service given.
  if (SERVICE_HEAD.test(phrase)) return `provided ${phrase}`;
  if (source === "experience" || source === "leadership") return `worked on ${object}`;
  return `${BUILT_THINGS.test(text) ? "built" : "created"} ${object}`;
}

/**
 * Whether "I <clause>" reads as a sentence: a subject, then a finite verb (past or present
 * tense, or "was"), and no bare singular noun right after the verb ("I distributed store").
 */
export function isSentence(sentence: string): boolean {
  const terms = termsOf(sentence);
  const [subject, ...rest] = terms;
  if (subject?.text !== "I") return false;
  const verbAt = rest.findIndex((t) => !has(t, "Adverb"));
  const verb = rest[verbAt];
  // After "I", a bare verb is the present tense ("I set up", "I forecast"): finite too.
  if (!verb || has(verb, "Gerund") || !has(verb, "Verb", "Copula")) return false;
  if (has(verb, "Copula")) return true;
  const clause = sentence.slice(sentence.indexOf(verb.text));
  return startsWithVerb(clause) && !has(termsOf(clause)[0], "Gerund");
}
