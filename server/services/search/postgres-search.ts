import type { SearchKind } from '@domain/search/types.ts';
import { CompiledQuery, type QueryResult, type RawBuilder, sql } from 'kysely';
import { type Db, prepared } from '../../db/connection.ts';
import { foldText, termText } from './query-text.ts';
import {
  COMPLETIONS,
  type EntryRow,
  type MatchTerm,
  type RankRequest,
  type RankedPasses,
  type SearchDriver,
  createSearchIndexOn,
  isSearchKind,
  pageCap,
  sourceRowCap,
} from './search-flow.ts';
import type { SearchEntry, SearchIndex } from './search-index.ts';
import { CANDIDATES, type VocabularyWord } from './typo.ts';

/**
 * The search index on PostgreSQL (docs/search.md): a weighted tsvector written from
 * accent-free text (title A, keywords B, body C, 'english' stemming), GIN indexes (the bodies'
 * split by kind, migration 019, and the documents' PDF pages in groups, migration 020), ts_rank
 * with weights, and pg_trgm over the vocabulary for typo candidates. Excerpts are marked in TypeScript from the rows `entries` returns (excerpt.ts).
 */

/** ts_rank weights of D, C (body), B (keywords), A (title). */
const WEIGHTS = '{0.1, 0.2, 0.5, 1.0}';
/** Rows hitsOrCandidates reads, newest first, before it asks the GIN indexes. */
const RECENT_ROWS = 20;

/** A tsquery built only from letters and digits (parseQuery): each term a phrase, the last word a prefix when asked. */
export function tsqueryText(terms: readonly MatchTerm[], mode: 'all' | 'any'): string {
  return terms
    .map((term) => {
      const words = term.words.map((word, index) => `'${word}'${term.prefix && index === term.words.length - 1 ? ':*' : ''}`);
      return `(${[words.join(' <-> '), ...(term.alternatives ?? []).map((word) => `'${word}'`)].join(' | ')})`;
    })
    .join(mode === 'all' ? ' & ' : ' | ');
}

/** The lexeme naming a kind in every entry's tsvector; '§' is never part of a query word. */
const kindLexeme = (kind: SearchKind) => `§${kind}`;
/** The tsquery of a kind's lexeme, as a literal (a plan computes it once). */
const kindQuery = (kind: SearchKind) => sql`${sql.lit(`'${kindLexeme(kind)}'`)}::tsquery`;

/**
 * Every statement a search runs is kept prepared (`prepared`; docs/search.md, "Prepared
 * statements on PostgreSQL"), and PostgreSQL may then keep one generic plan for it, where the
 * query's text is a parameter: `to_tsquery('english', $1)` would be parsed and stemmed again
 * for every row it is compared with. So a statement computes its tsquery once, in `with q as (select … as words)`, and
 * reads it as QUERY (a subquery PostgreSQL runs once per statement).
 */
const QUERY = sql`(select q.words from q)`;
const queryOf = (text: RawBuilder<unknown>) => sql`q as materialized (select to_tsquery('english', ${text}) as words)`;

/** The statement's n-th parameter (from 1), in a text `cachedStatement` builds once. */
const parameter = (n: number) => sql.raw(`$${n}`);

/**
 * Runs a statement kept prepared whose text is built once per `key` (`build` names each value
 * as a `parameter`, and writes fixed ones as literals). Building a statement with Kysely and
 * compiling it took a quarter of the memory a search allocated, and the young generation's
 * collections, which that garbage paces, set the slowest searches' times (docs/search.md,
 * "Garbage per search"). The keys are a bounded set: kinds, limit, how many terms.
 */
function cachedStatement(db: Db) {
  const texts = new Map<string, string>();
  return <R>(key: string, build: () => RawBuilder<R>, parameters: unknown[]): Promise<QueryResult<R>> => {
    let text = texts.get(key);
    if (text === undefined) {
      const compiled = prepared(build()).compile(db);
      // A value written as Kysely's own parameter would be frozen into the text.
      if (compiled.parameters.length > 0) throw new Error(`statement ${key} has values that are not parameters`);
      text = compiled.sql;
      texts.set(key, text);
    }
    return db.executeQuery<R>(CompiledQuery.raw(text, parameters));
  };
}

/**
 * The COMPLETIONS most used vocabulary words that start with `prefix` (no compounds), as `c`:
 * a range of the `varchar_pattern_ops` index (migration 019), which compares bytes (the
 * primary key follows the database's collation, and a LIKE on a parameter, as in a generic
 * plan, is no range). U+10FFFF sorts after every character indexed text holds.
 */
const completionsOf = (prefix: RawBuilder<unknown>, end: RawBuilder<unknown>) => sql`c as materialized (
  select word from search_words where word ~>=~ ${prefix} and word ~<~ ${end} and word not like '%-%'
   order by uses desc, word limit ${sql.lit(COMPLETIONS)})`;

/**
 * `q` for the terms, the last one (one word) also matched by each word of `c`: their
 * tsquery text without the closing parenthesis, then ` | 'word'` for each completion (words
 * of letters and digits, quoted), then the parenthesis.
 */
const queryCompleting = (text: RawBuilder<unknown>) =>
  sql`q as materialized (select to_tsquery('english', ${text}
    || coalesce((select string_agg(' | ' || quote_literal(c.word), '') from c), '') || ')') as words)`;

/**
 * The bodies' GIN indexes (migrations 019 and 020), each a condition on the row written as
 * the index's own predicate, with literals, so the planner proves which one applies: the
 * documents' own rows; their PDF pages in three groups by the last character of the
 * document's id (0 to 2, 3 to 5, anything else; all of a document's pages in one group);
 * the glossary; the other kinds, told apart by the kind's lexeme.
 */
const DOCUMENT_OWN = sql`e.kind = 'document' and e.part = 0`;
const PAGE_GROUPS = [`in ('0', '1', '2')`, `in ('3', '4', '5')`, `not in ('0', '1', '2', '3', '4', '5')`].map(
  (last) => sql`e.kind = 'document' and e.part > 0 and right(e.source_id, 1) ${sql.raw(last)}`,
);
const DOCUMENT_INDEXES = [DOCUMENT_OWN, ...PAGE_GROUPS];
const GLOSSARY_ROWS = sql`e.kind = 'glossary'`;
/** Every bodies' index, the kinds other than the documents and the glossary in one. */
const BODY_INDEXES = [...DOCUMENT_INDEXES, GLOSSARY_ROWS, sql`e.kind not in ('document', 'glossary')`];

/** The rows of each index's share that match `words`. */
const matching = (indexes: readonly RawBuilder<unknown>[], words: RawBuilder<unknown>) => indexes.map((rows) => sql`${rows} and e.tsv @@ ${words}`);

/** A body match within one kind, through that kind's GIN indexes: one condition per index, any of which may match. */
function bodyMatches(kind: SearchKind, words: RawBuilder<unknown>): RawBuilder<unknown>[] {
  if (kind === 'document') return matching(DOCUMENT_INDEXES, words);
  if (kind === 'glossary') return matching([GLOSSARY_ROWS], words);
  return [sql`e.kind = ${sql.lit(kind)} and e.tsv @@ (${words} && ${kindQuery(kind)})`];
}

/**
 * One row per word or term, numbered from 1, as VALUES: a statement for each number of them.
 * PostgreSQL keeps the plan made for any values only when it is priced like those made for
 * the values at hand; an array's length is known to the latter alone, so with an array
 * every run was planned again.
 */
const perTerm = (values: readonly RawBuilder<unknown>[]) => values.map((value, index) => sql`(${sql.lit(index + 1)}, ${value})`);

/**
 * The vocabulary words sharing trigrams with `word` (pg_trgm's `%`, in `schema`), the most
 * similar first, at most CANDIDATES; only when `when` holds.
 */
const nearWords = (schema: string, word: RawBuilder<unknown>, when: RawBuilder<unknown> = sql`true`) => sql`
  select w.word, w.uses from search_words w
   where ${when} and w.word operator(${sql.id(schema)}.%) ${word}
   order by ${sql.id(schema)}.similarity(w.word, ${word}) desc, w.uses desc, w.word
   limit ${sql.lit(CANDIDATES)}`;

/** Whether any row matches one of the conditions (each through its own index; the first found ends it). */
const anyMatch = (conditions: readonly RawBuilder<unknown>[]) => sql.join(
  conditions.map((condition) => sql`exists (select 1 from search_entries e where ${condition})`),
  sql` or `,
);

/** The ranking statement for these kinds and limit, with the completions' CTE or without: $1 the tsquery text, then the prefix and the end of its range. */
const rankStatement = (kinds: readonly SearchKind[], limit: number, completing: boolean) => () => {
  const words = QUERY;
  // The completions and both passes in one statement (one round trip). Per kind and pass,
  // at most sourceRowCap matches scored, and pageCap PDF pages (docs/search.md): the kind's
  // lexeme (or, in the bodies, the kind's own GIN indexes) narrows the lookup, and the LIMIT
  // stops reading rows before ts_rank reads every match. The planner always takes the GIN
  // indexes here: the tsvectors have no statistics (migration 019), so a match is never
  // priced as common enough for a table scan.
  // Titles and keywords have a tsvector (and GIN index) of their own: the titles' pass
  // never reads the bodies'. A PDF page's title_tsv is empty, so it never finds one.
  const titles = kinds.map(
    (kind) => sql`(select e.id, e.kind, e.source_id, e.part, ts_rank(${sql.lit(WEIGHTS)}::float4[], e.title_tsv, ${words}) as score
      from search_entries e where e.title_tsv @@ (${words} && ${kindQuery(kind)}) limit ${sql.lit(sourceRowCap(limit))})`,
  );
  // The bodies' pass of a kind runs only when the titles' pass found fewer than `limit` of
  // its sources (shortKinds): the condition names no column of the row, so PostgreSQL
  // checks it once, before it reads an index, and skips the pass when it is false.
  const short = (kind: SearchKind) => sql`(select count(distinct t.source_id) from titles t where t.kind = ${sql.lit(kind)}) < ${sql.lit(limit)}`;
  const bodies = kinds.map((kind) => {
    const scored = sql`ts_rank(${sql.lit(WEIGHTS)}::float4[], e.tsv, ${words})`;
    if (kind !== 'document') {
      const [match] = bodyMatches(kind, words);
      return sql`(select 'body' as pass, e.id, e.kind, e.source_id, e.part, ${scored} as score from search_entries e
        where ${match} and ${short(kind)} limit ${sql.lit(sourceRowCap(limit))})`;
    }
    // A document's own row is scored like any row, at most sourceRowCap of them (as on
    // SQLite). Its PDF pages are not scored (0; the flow ranks documents found only in
    // their pages by how many of their pages match; ts_rank would read each page's
    // tsvector, stored out of line), at most pageCap of them, taken group after group
    // (migration 020): the LIMIT over the `union all` stops at the first groups that
    // give enough, so a word in most pages costs one group's lookup.
    const [own, ...groups] = bodyMatches(kind, words);
    return sql`(select 'body' as pass, e.id, e.kind, e.source_id, e.part, ${scored} as score from search_entries e
        where ${own} and ${short(kind)} limit ${sql.lit(sourceRowCap(limit))})
      union all
      (select 'body' as pass, p.* from (${sql.join(
        groups.map((group) => sql`(select e.id, e.kind, e.source_id, e.part, 0 as score from search_entries e where ${group})`),
        sql` union all `,
      )}) p where ${short(kind)} limit ${sql.lit(pageCap(limit))})`;
  });
  // The completions, their own rows of the answer (pass 'completion', the word as source_id).
  const completions = completing ? sql`union all select 'completion', null, null, c.word, null, null from c` : sql``;
  return sql<{ pass: string; id: number; score: number; kind: string; source_id: string; part: number }>`
    with ${completing ? sql`${completionsOf(parameter(2), parameter(3))}, ${queryCompleting(parameter(1))}` : queryOf(parameter(1))}, titles as (${sql.join(titles, sql` union all `)})
    select 'title' as pass, t.id, t.kind, t.source_id, t.part, t.score from titles t
    union all ${sql.join(bodies, sql` union all `)}
    ${completions}`;
};

export function createPostgresSearchIndex(db: Db): SearchIndex {
  // pg_trgm's schema (it need not be on the search path): looked up once.
  let trgmSchema: Promise<string> | undefined;
  const trgm = async (): Promise<string> => {
    trgmSchema ??= sql<{ schema: string }>`
      select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`
      .execute(db)
      .then(({ rows }) => {
        const schema = rows[0]?.schema;
        if (!schema) throw new Error('pg_trgm is not installed (docs/search.md)');
        return schema;
      });
    return trgmSchema.catch((error: unknown) => {
      trgmSchema = undefined;
      throw error;
    });
  };
  const run = cachedStatement(db);
  const driver: SearchDriver = {
    async rank({ terms, mode, kinds, limit, complete }: RankRequest): Promise<RankedPasses> {
      const prefix = complete ?? '';
      const text = tsqueryText(terms, mode);
      const { rows } = await run(
        `rank ${kinds.join()} ${limit}${prefix ? ' completing' : ''}`,
        rankStatement(kinds, limit, Boolean(prefix)),
        // With completions, the text without its closing parenthesis (queryCompleting).
        prefix ? [text.slice(0, -1), prefix, `${prefix}\u{10FFFF}`] : [text],
      );
      const passes: RankedPasses = { title: [], body: [], ...(prefix ? { completions: [] } : {}) };
      for (const row of rows) {
        if (row.pass === 'completion') passes.completions?.push(row.source_id);
        else if (isSearchKind(row.kind)) {
          (row.pass === 'title' ? passes.title : passes.body).push({ id: Number(row.id), kind: row.kind, sourceId: row.source_id, part: Number(row.part), score: Number(row.score) });
        }
      }
      return passes;
    },

    async entries(ids): Promise<EntryRow[]> {
      const { rows } = await run(
        'entries',
        () => sql<EntryRow>`select e.id, e.kind, e.source_id, e.part, e.title, e.body, e.url, e.label from search_entries e where e.id = any($1::int[])`,
        [ids],
      );
      return rows;
    },

    async hitsOrCandidates(terms, kind) {
      // One statement for every term (a round trip costs as much as a rare word's lookup),
      // each term's tsquery computed once; through the GIN indexes, as rank. A term that
      // finds nothing also gets its near words, as `candidates` finds them.
      const schema = await trgm();
      const { rows } = await run(
        `hits ${terms.length} ${kind ?? ''}`,
        () => {
          const words = sql`q.words`;
          // Without a kind: the newest rows first, then the GIN indexes. A common word (in most
          // PDF pages) is found within a few rows, where an index would first gather all of its
          // matches (2 to 3 ms for "storage" in the benchmark); a rare one costs the lookup of
          // RECENT_ROWS rows more.
          const found = kind
            ? anyMatch(bodyMatches(kind, words))
            : sql`exists (select 1 from (select tsv from search_entries order by id desc limit ${sql.lit(RECENT_ROWS)}) recent where recent.tsv @@ ${words})
                or ${anyMatch(matching(BODY_INDEXES, words))}`;
          // Each term's word and tsquery text, $1 and $2 the first term's.
          const termRows = perTerm(terms.map((_, at) => sql`${parameter(2 * at + 1)}::text, to_tsquery('english', ${parameter(2 * at + 2)})`));
          // `not h.found` names no column of search_words: checked once per term, before the trigram index is read.
          return sql<{ position: number; found: boolean; word: string | null; uses: number | null }>`
            with q (position, word, words) as materialized (values ${sql.join(termRows)}),
              h as materialized (select q.position, q.word, (${found}) as found from q)
            select h.position, h.found, c.word, c.uses from h
              left join lateral (${nearWords(schema, sql`h.word`, sql`not h.found`)}) c on true
             order by h.position`;
        },
        terms.flatMap((term) => [termText(term), tsqueryText([term], 'all')]),
      );
      const answers = terms.map((): VocabularyWord[] | null => null);
      for (const row of rows) {
        const at = Number(row.position) - 1;
        if (row.found) continue;
        const list = answers[at] ?? (answers[at] = []);
        if (row.word !== null) list.push({ word: row.word, uses: Number(row.uses) });
      }
      return answers;
    },

    async candidates(words) {
      // Every word's candidates in one statement, each word's list limited on its own.
      const schema = await trgm();
      const { rows } = await run(
        `candidates ${words.length}`,
        () => sql<{ position: number; word: string; uses: number }>`
        select q.position, c.word, c.uses from (values ${sql.join(perTerm(words.map((_, at) => sql`${parameter(at + 1)}::text`)))}) as q(position, word)
         cross join lateral (${nearWords(schema, sql`q.word`)}) c
         order by q.position`,
        [...words],
      );
      const lists = words.map((): VocabularyWord[] => []);
      for (const row of rows) lists[Number(row.position) - 1]?.push({ word: row.word, uses: Number(row.uses) });
      return lists;
    },

    async insertEntries(trx, entries) {
      // A PDF page repeats its document's title: only part 0 has it in title_tsv (migration 019).
      const titleVector = (entry: SearchEntry) =>
        entry.kind === 'document' && entry.part > 0
          ? sql`''::tsvector`
          : sql`setweight(to_tsvector('english', ${foldText(entry.title)}), 'A') ||
                 setweight(to_tsvector('english', ${foldText(entry.keywords)}), 'B') ||
                 array_to_tsvector(array[${kindLexeme(entry.kind)}]::text[])`;
      for (let start = 0; start < entries.length; start += 100) {
        const values = entries.slice(start, start + 100).map(
          (entry) =>
            sql`(${entry.kind}, ${entry.sourceId}, ${entry.part}, ${entry.title}, ${entry.keywords}, ${entry.body}, ${entry.url}, ${entry.label ?? null},
                 setweight(to_tsvector('english', ${foldText(entry.title)}), 'A') ||
                 setweight(to_tsvector('english', ${foldText(entry.keywords)}), 'B') ||
                 setweight(to_tsvector('english', ${foldText(entry.body)}), 'C') ||
                 array_to_tsvector(array[${kindLexeme(entry.kind)}]::text[]),
                 ${titleVector(entry)})`,
        );
        await sql`insert into search_entries (kind, source_id, part, title, keywords, body, url, label, tsv, title_tsv) values ${sql.join(values)}`.execute(trx);
      }
    },
  };
  return createSearchIndexOn(db, driver);
}
