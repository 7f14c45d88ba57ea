/** Why a reply was read as a request never to be written to again (shown to the student). */
export interface OptOut {
  /** The words of the reply that ask it, as written. */
  phrase: string;
}

const S = "\\s+";
/** Requests to stop. Each is specific enough that a polite "not right now" does not match. */
const REQUESTS: RegExp[] = [
  // "unsubscribe me", "please unsubscribe", or a reply that is just "Unsubscribe".
  new RegExp(
    `\\b(please${S})?unsubscribe${S}me\\b|\\bplease${S}unsubscribe\\b|^\\s*unsubscribe\\s*[.!]*\\s*$`,
    "im",
  ),
  new RegExp(
    `\\bremove${S}me${S}from${S}(your|this|the|all)${S}([a-z-]+${S})?(list|lists|database|emails?|mailing)\\b`,
    "i",
  ),
  new RegExp(`\\bplease${S}remove${S}me\\b`, "i"),
  new RegExp(`\\btake${S}me${S}off${S}(your|this|the)${S}([a-z-]+${S})?list\\b`, "i"),
  new RegExp(`\\bstop${S}(e-?mailing|contacting|messaging|writing${S}to|spamming)${S}me\\b`, "i"),
  new RegExp(`\\bstop${S}sending${S}me${S}(e-?mails|messages|these)\\b`, "i"),
  // "don't contact me again", "do not email me anymore", "never contact me again", "please don't email me."
  new RegExp(
    `\\b(do${S}not|don'?t|never)${S}(contact|e-?mail|message|write${S}to|reach${S}out${S}to)${S}me(${S}(again|anymore|any${S}more|in${S}the${S}future)\\b|\\s*[.!]|\\s*$)`,
    "im",
  ),
  new RegExp(`\\bopt${S}me${S}out\\b|\\b(want|like|wish)${S}to${S}opt${S}out\\b`, "i"),
  new RegExp(`\\bno${S}(further|more)${S}(e-?mails|contact|messages)\\b`, "i"),
  // German, French, Spanish.
  new RegExp(
    `\\b(entfernen${S}sie${S}mich|keine${S}(weiteren${S})?e-?mails${S}mehr|kontaktieren${S}sie${S}mich${S}nicht${S}mehr)\\b`,
    "i",
  ),
  new RegExp(`\\b(ne${S}me${S}contactez${S}plus|désabonnez-moi|retirez-moi${S}de)`, "i"),
  new RegExp(
    `\\b(no${S}me${S}(contacte|contactes|escriba|escribas)${S}más|darme${S}de${S}baja)`,
    "i",
  ),
];
/** A request in the negative ("don't remove me", "no need to unsubscribe me") is not one. */
const NEGATED_BEFORE = /(don'?t|do not|no need to|not|never)\s+(please\s+)?$/i;

/**
 * Reads a person's reply (the new text, quoted history removed) for a request to stop
 * emailing them. Conservative on purpose: only explicit requests count, never a plain
 * "not interested" or "not right now"; answers the words that matched so the student sees why.
 */
export function readOptOut(replyText: string): OptOut | null {
  const text = replyText.replace(/[\u2018\u2019\u02BC]/g, "'");
  for (const pattern of REQUESTS) {
    const match = pattern.exec(text);
    if (!match) continue;
    const before = text.slice(Math.max(0, (match.index ?? 0) - 24), match.index);
    const isSelfNegating = /^(do\s+not|don'?t|never)/i.test(match[0].trim());
    if (!isSelfNegating && NEGATED_BEFORE.test(before)) continue;
    return { phrase: sentenceAround(replyText, match.index ?? 0, match[0].length) };
  }
  return null;
}

/** The sentence holding the match, trimmed to a readable length. */
function sentenceAround(text: string, index: number, length: number): string {
  const start = Math.max(
    text.lastIndexOf(".", index - 1),
    text.lastIndexOf("!", index - 1),
    text.lastIndexOf("?", index - 1),
    text.lastIndexOf("\n", index - 1),
  );
  const tail = text.slice(index + length);
  const endOffset = tail.search(/[.!?\n]/);
  const end = endOffset === -1 ? text.length : index + length + endOffset + 1;
  const sentence = text
    .slice(start + 1, end)
    .replace(/\s+/g, " ")
    .trim();
  return sentence.length > 160 ? `${sentence.slice(0, 157)}…` : sentence;
}
