// Message search's words as PostgreSQL's `portuguese_unaccent` configuration makes them (decision 0115), in
// TypeScript so the PWA's offline search over its replica finds what the server would: lowercase, accents folded,
// Portuguese stop words dropped, Snowball's Portuguese stemmer (the algorithm PostgreSQL's portuguese_stem runs),
// numbers kept whole. Each word of a search matches a message word starting with its stem (the server's `stem:*`).
import { stemmer } from "@orama/stemmers/portuguese";

/** Most words a search may hold; more narrow nothing a person would type (ERR_VALIDATION past it). */
export const SEARCH_MAX_TERMS = 8;

// PostgreSQL 15's tsearch_data/portuguese.stop (Snowball's list), checked after accents are folded as the server's
// stemmer sees them: "não" reaches it as "nao", which is not in the list, so it stays a word there too.
const STOP_WORDS = new Set(
  "de a o que e do da em um para com não uma os no se na por mais as dos como mas ao ele das à seu sua ou quando muito nos já eu também só pelo pela até isso ela entre depois sem mesmo aos seus quem nas me esse eles você essa num nem suas meu às minha numa pelos elas qual nós lhe deles essas esses pelas este dele tu te vocês vos lhes meus minhas teu tua teus tuas nosso nossa nossos nossas dela delas esta estes estas aquele aquela aqueles aquelas isto aquilo estou está estamos estão estive esteve estivemos estiveram estava estávamos estavam estivera estivéramos esteja estejamos estejam estivesse estivéssemos estivessem estiver estivermos estiverem hei há havemos hão houve houvemos houveram houvera houvéramos haja hajamos hajam houvesse houvéssemos houvessem houver houvermos houverem houverei houverá houveremos houverão houveria houveríamos houveriam sou somos são era éramos eram fui foi fomos foram fora fôramos seja sejamos sejam fosse fôssemos fossem for formos forem serei será seremos serão seria seríamos seriam tenho tem temos tém tinha tínhamos tinham tive teve tivemos tiveram tivera tivéramos tenha tenhamos tenham tivesse tivéssemos tivessem tiver tivermos tiverem terei terá teremos terão teria teríamos teriam".split(
    " ",
  ),
);

/** Letters and digits runs: the words PostgreSQL's parser finds in ordinary text. */
const WORD = /[\p{L}\p{N}]+/gu;

/** Lowercase with accents taken off (unaccent's rules for Latin letters: the base letter). */
export function foldAccents(text: string): string {
  return text.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");
}

/** One word as the index holds it: a number whole, a stop word nothing, any other word its stem. */
export function lexeme(word: string): string | null {
  const lower = word.toLowerCase();
  // The parser's numbers and words with digits go to the simple dictionary: lowercased, not folded nor stemmed.
  if (/\p{N}/u.test(lower)) return lower;
  const folded = foldAccents(lower);
  if (STOP_WORDS.has(folded)) return null;
  return stemmer(folded);
}

/** The words of a text, in order, with where each stands, and the lexeme each indexes as. */
export function textWords(text: string): { start: number; end: number; lexeme: string | null }[] {
  return [...text.matchAll(WORD)].map((m) => ({ start: m.index, end: m.index + m[0].length, lexeme: lexeme(m[0]) }));
}

/** The search's words as typed (letters and digits only, so nothing of tsquery's syntax gets through). */
export function searchTerms(search: string): string[] {
  return search.match(WORD) ?? [];
}

/**
 * The stems a search requires, each as a prefix, in order, duplicates and stop words dropped. Empty when nothing
 * of it is searchable (only stop words or symbols).
 */
export function searchStems(search: string): string[] {
  const stems = searchTerms(search)
    .map(lexeme)
    .filter((s): s is string => s !== null && s !== "");
  return [...new Set(stems)];
}

/** The tsquery text for the server: each stem a prefix, all required (to_tsquery('simple', ...): stems already made). */
export function searchTsQuery(stems: string[]): string {
  return stems.map((s) => `${s}:*`).join(" & ");
}

/** Where the search's stems match in a text: the ranges of the whole words that start with one, in order. */
export function wordRanges(text: string, stems: string[]): { range: [number, number]; stem: string }[] {
  const out: { range: [number, number]; stem: string }[] = [];
  if (stems.length === 0) return out;
  for (const w of textWords(text)) {
    const stem = w.lexeme === null ? undefined : stems.find((s) => w.lexeme?.startsWith(s));
    if (stem !== undefined) out.push({ range: [w.start, w.end], stem });
  }
  return out;
}

/** True when every stem of the search starts a word of the text (the server's `@@` over the same words). */
export function matchesSearch(text: string, stems: string[]): boolean {
  if (stems.length === 0) return false;
  const found = new Set(wordRanges(text, stems).map((r) => r.stem));
  return stems.every((s) => found.has(s));
}

/** The most characters of a message a result shows around its first match. */
export const FRAGMENT_LENGTH = 160;

/**
 * The words around the first match as plain text ("…" where cut) and where the matched words stand in it: what a
 * result row shows, with marks the screen draws as elements over text, never as markup.
 */
export function highlight(
  text: string,
  stems: string[],
  max = FRAGMENT_LENGTH,
): { fragment: string; highlights: [number, number][] } {
  const ranges = wordRanges(text, stems).map((r) => r.range);
  const first = ranges[0]?.[0] ?? 0;
  let start = first > 40 ? first - 40 : 0;
  // Start at a word's beginning, not in its middle.
  if (start > 0) {
    const space = text.lastIndexOf(" ", start);
    start = space >= 0 && first - space < 60 ? space + 1 : start;
  }
  const end = Math.min(text.length, start + max);
  const head = start > 0 ? "…" : "";
  const fragment = `${head}${text.slice(start, end)}${end < text.length ? "…" : ""}`;
  const shift = head.length - start;
  const highlights = ranges
    .filter(([a, b]) => a >= start && b <= end)
    .map(([a, b]): [number, number] => [a + shift, b + shift]);
  return { fragment, highlights };
}
