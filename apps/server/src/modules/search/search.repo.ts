import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#src/core/db/client.js';
import { searchColumn } from '#src/core/search-text.js';
import { contentTranslations, events, posts, tribes, users, villages } from '#src/core/db/schema/index.js';

/** What a search asks for, already folded: the words, and the patterns built from them. */
export interface SearchTerms {
  /** The folded words, joined by one space: what trigram similarity compares. */
  phrase: string;
  words: string[];
}

/** One candidate of one kind: its id, how it matched (0 exact, 1 prefix, 2 near) and its closeness (0..1000). */
export interface Candidate {
  id: string;
  rank: number;
  score: number;
}

/** Who is asking, and when (suspensions end at a time). */
export interface Asker {
  viewerId: string | null;
  now: Date;
}

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];

/** `%`, `_` and `\` taken literally in a LIKE pattern (search words hold neither, but the rule is kept here). */
const literal = (s: string) => s.replace(/[\\%_]/g, (c) => '\\' + c);

/**
 * The match of a folded column. Words first: candidates contain every word; rank 0 when the phrase stands
 * as whole words, 1 when every word does and the last starts a word, 2 otherwise. Near (rank 3) only
 * when words found too few: trigram word similarity of the phrase (`<%`, at least 0.6), closest first.
 * Kept apart because similarity costs a trigram set per row, and a database whose locale (C) gives
 * Arabic or Hebrew letters no trigrams would compute it for every row.
 */
function matching(column: SQL, t: SearchTerms) {
  const last = t.words.length - 1;
  // Under a C locale pg_trgm takes no trigram from a non-ASCII letter: the index would then be read whole
  // for every row, slower than reading the table. Such words are matched without it.
  const indexed = t.words.every((w) => /^[!-~]*$/.test(w)) ? column : sql`(${column} || '')`;
  const contains = sql.join(
    t.words.map((w) => sql`${indexed} like ${'%' + literal(w) + '%'}`),
    sql` and `,
  );
  const prefix = t.words.map((w, i) => sql`${column} like ${'% ' + literal(w) + (i === last ? '%' : ' %')}`);
  const exact = sql`${column} like ${'% ' + literal(t.phrase) + ' %'}`;
  return {
    words: {
      where: contains,
      rank: sql`case when ${exact} then 0 when ${sql.join(prefix, sql` and `)} then 1 else 2 end`,
      score: sql`1000`,
    },
    near: {
      where: sql`${t.phrase} <% ${column} and not (${contains})`,
      rank: sql`3`,
      score: sql`round(word_similarity(${t.phrase}, ${column}) * 1000)::int`,
    },
  };
}

/** Candidates by words, then (when they are fewer than `limit`) near ones: `query` builds one statement from a match. */
async function wordsThenNear(
  select: (q: SQL) => Promise<Candidate[]>,
  m: ReturnType<typeof matching>,
  limit: number,
  query: (part: { where: SQL; rank: SQL; score: SQL }, limit: number) => SQL,
): Promise<Candidate[]> {
  const byWords = await select(query(m.words, limit));
  if (byWords.length >= limit) return byWords;
  return [...byWords, ...(await select(query(m.near, limit - byWords.length)))];
}

/** SQL: the account is not suspended now. */
const active = (alias: SQL, now: Date) =>
  sql`(${alias}.suspended_at is null or (${alias}.suspended_until is not null and ${alias}.suspended_until <= ${now}))`;

/** SQL: the people on either side of a block with the viewer. */
const blockPartners = (viewerId: string) =>
  sql`(select case when b.blocker_id = ${viewerId} then b.blocked_id else b.blocker_id end
    from user_blocks b where b.blocker_id = ${viewerId} or b.blocked_id = ${viewerId})`;

/** The kinds with a folded column: what PostgreSQL matches and what Meilisearch indexes. */
export type IndexedKind = 'people' | 'posts' | 'tribes' | 'events';
export const INDEXED_KINDS: readonly IndexedKind[] = ['people', 'posts', 'tribes', 'events'];

/** A folded row as an index holds it: the id and the folded words (no padding). */
export interface FoldedDoc {
  id: string;
  text: string;
}

/**
 * Each kind's rows and who may see them, the one copy of the visibility rules: the PostgreSQL matcher and
 * the Meilisearch filter both read them. `from` names the table (and the joins `visible` needs).
 */
const scopes: Record<
  IndexedKind,
  { table: 'users' | 'tribes' | 'posts' | 'events'; alias: SQL; column: SQL; from: SQL; visible: (a: Asker) => SQL }
> = {
  // People the asker may see: public profiles, those sharing an active tribe with them, themselves; none suspended or across a block.
  people: {
    table: 'users',
    alias: sql`u`,
    column: sql`u.search_name`,
    from: sql`users u`,
    visible: (a) => {
      const v = a.viewerId;
      const visible = v
        ? sql`(u.id = ${v} or u.profile_visibility = 'public' or (u.profile_visibility = 'tribe' and exists (
            select 1 from tribe_members mine join tribe_members theirs on theirs.tribe_id = mine.tribe_id
            where mine.user_id = ${v} and mine.status = 'active' and theirs.user_id = u.id and theirs.status = 'active')))
          and u.id <> all (array${blockPartners(v)})`
        : sql`u.profile_visibility = 'public'`;
      return sql`${active(sql`u`, a.now)} and ${visible}`;
    },
  },
  // Posts the asker may see: public, or of their tribes; not deleted, hidden, of a suspended tribe or author, or across a block.
  posts: {
    table: 'posts',
    alias: sql`p`,
    column: sql`p.search_text`,
    from: sql`posts p join users u on u.id = p.author_id left join tribes tr on tr.id = p.tribe_id`,
    visible: (a) => {
      const v = a.viewerId;
      const visible = v
        ? sql`(p.visibility = 'public' or p.tribe_id = any (array(
              select tm.tribe_id from tribe_members tm where tm.user_id = ${v} and tm.status = 'active')))
            and p.author_id <> all (array${blockPartners(v)})
            and not exists (select 1 from post_hides h where h.post_id = p.id and h.user_id = ${v})`
        : sql`p.visibility = 'public'`;
      return sql`p.deleted_at is null and ${active(sql`u`, a.now)} and tr.suspended_at is null and ${visible}`;
    },
  },
  // Tribes anyone may see: every tribe but the suspended ones.
  tribes: {
    table: 'tribes',
    alias: sql`tr`,
    column: sql`tr.search_text`,
    from: sql`tribes tr`,
    visible: () => sql`tr.suspended_at is null`,
  },
  // Events the asker may see, as the events list shows them: public ones, or those of a tribe where the
  // asker is an active member; none cancelled, of a suspended tribe, or organised across a block.
  events: {
    table: 'events',
    alias: sql`e`,
    column: sql`e.search_text`,
    from: sql`events e join tribes tr on tr.id = e.tribe_id`,
    visible: (a) => {
      const v = a.viewerId;
      const visible = v
        ? sql`(e.visibility = 'public' or exists (select 1 from tribe_members tm
              where tm.tribe_id = e.tribe_id and tm.user_id = ${v} and tm.status = 'active'))
            and (e.created_by is null or e.created_by <> all (array${blockPartners(v)}))`
        : sql`e.visibility = 'public'`;
      return sql`e.status <> 'cancelled' and tr.suspended_at is null and ${visible}`;
    },
  },
};

/** The only place that reads the search columns and the translation cache. */
export function createSearchRepo(db: Db) {
  const select = async (query: SQL) => rowsOf<Candidate>(await db.execute(query));

  /** PostgreSQL matching of one kind: words, then near, among the rows the asker may see. */
  const find = (kind: IndexedKind, t: SearchTerms, a: Asker, limit: number): Promise<Candidate[]> => {
    const s = scopes[kind];
    const m = matching(s.column, t);
    return wordsThenNear(
      select,
      m,
      limit,
      (part, n) => sql`
        select ${s.alias}.id, ${part.rank} as rank, ${part.score} as score from ${s.from}
        where ${s.column} is not null and ${part.where} and ${s.visible(a)}
        order by rank, score desc, ${s.alias}.id limit ${n}`,
    );
  };

  return {
    /** Whether any row waits to be folded: one cheap statement on the partial indexes, asked before each search. */
    async anyPending(): Promise<boolean> {
      const [row] = rowsOf<{ pending: boolean }>(
        await db.execute(sql`select exists (select 1 from users where search_name is null)
          or exists (select 1 from tribes where search_text is null)
          or exists (select 1 from posts where search_text is null)
          or exists (select 1 from events where search_text is null) as pending`),
      );
      return row?.pending === true;
    },
    /**
     * Folds what a write cleared (or a migration left empty), a batch at a time: the search columns are
     * the application's foldText, so they are written here and nowhere else. `push` (Meilisearch) is
     * given each kind's folded rows before they are written: should it fail, they stay pending and are
     * folded and pushed again by the next search.
     */
    async foldPending(batch = 500, push?: (kind: IndexedKind, docs: FoldedDoc[]) => Promise<void>): Promise<number> {
      const fold = async (kind: IndexedKind, column: string, rows: { id: string; text: string }[]) => {
        if (rows.length === 0) return 0;
        const folded = rows.map((r) => ({ id: r.id, column: searchColumn(r.text) }));
        await push?.(
          kind,
          folded.map((r) => ({ id: r.id, text: r.column.trim() })),
        );
        const values = sql.join(
          folded.map((r) => sql`(${r.id}::uuid, ${r.column})`),
          sql`, `,
        );
        await db.execute(
          sql`update ${sql.identifier(scopes[kind].table)} t set ${sql.identifier(column)} = v.s from (values ${values}) as v(id, s) where t.id = v.id`,
        );
        return rows.length;
      };
      const [u, t, p, e] = await Promise.all([
        db.select({ id: users.id, text: users.name }).from(users).where(isNull(users.searchName)).limit(batch),
        db
          .select({ id: tribes.id, text: sql<string>`${tribes.name} || ' ' || ${tribes.description}` })
          .from(tribes)
          .where(isNull(tribes.searchText))
          .limit(batch),
        db.select({ id: posts.id, text: posts.body }).from(posts).where(isNull(posts.searchText)).limit(batch),
        db
          .select({ id: events.id, text: sql<string>`${events.title} || ' ' || ${events.description}` })
          .from(events)
          .where(isNull(events.searchText))
          .limit(batch),
      ]);
      return (
        (await fold('people', 'search_name', u)) +
        (await fold('tribes', 'search_text', t)) +
        (await fold('posts', 'search_text', p)) +
        (await fold('events', 'search_text', e))
      );
    },
    /** A batch of a kind's folded rows after `afterId` (id order): what fills an empty Meilisearch index. */
    async folded(kind: IndexedKind, afterId: string | null, batch: number): Promise<FoldedDoc[]> {
      const s = scopes[kind];
      const after = afterId ? sql`and ${s.alias}.id > ${afterId}` : sql``;
      return rowsOf<FoldedDoc>(
        await db.execute(sql`select ${s.alias}.id, btrim(${s.column}) as text from ${sql.identifier(s.table)} ${s.alias}
          where ${s.column} is not null ${after} order by ${s.alias}.id limit ${batch}`),
      );
    },
    /**
     * Which of these ids (Meilisearch's candidates) the asker may see, by the same rules as `find`, and
     * how each matches the words as `find` ranks them (0 exact, 1 prefix, 2 words; 3 when only near).
     */
    async visibleAmong(kind: IndexedKind, ids: string[], t: SearchTerms, a: Asker): Promise<{ id: string; rank: number }[]> {
      if (ids.length === 0) return [];
      const s = scopes[kind];
      const m = matching(s.column, t);
      const among = sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      );
      return rowsOf<{ id: string; rank: number }>(
        await db.execute(sql`
          select ${s.alias}.id, case when ${m.words.where} then ${m.words.rank} else 3 end as rank from ${s.from}
          where ${s.alias}.id in (${among}) and ${s.column} is not null and ${s.visible(a)}`),
      );
    },

    people: (t: SearchTerms, a: Asker, limit: number) => find('people', t, a, limit),
    posts: (t: SearchTerms, a: Asker, limit: number) => find('posts', t, a, limit),
    tribes: (t: SearchTerms, a: Asker, limit: number) => find('tribes', t, a, limit),
    events: (t: SearchTerms, a: Asker, limit: number) => find('events', t, a, limit),

    peopleByIds: (ids: string[]) =>
      ids.length
        ? db
            .select({ id: users.id, name: users.name, avatarKey: users.avatarKey, createdAt: users.createdAt })
            .from(users)
            .where(inArray(users.id, ids))
        : Promise.resolve([]),
    postsByIds: (ids: string[]) =>
      ids.length
        ? db
            .select({
              id: posts.id,
              body: posts.body,
              lang: posts.lang,
              createdAt: posts.createdAt,
              author: { id: users.id, name: users.name, avatarKey: users.avatarKey },
              tribe: { id: tribes.id, name: tribes.name, slug: tribes.slug },
            })
            .from(posts)
            .innerJoin(users, eq(users.id, posts.authorId))
            .leftJoin(tribes, eq(tribes.id, posts.tribeId))
            .where(inArray(posts.id, ids))
        : Promise.resolve([]),
    tribesByIds: (ids: string[]) =>
      ids.length
        ? db
            .select({
              id: tribes.id,
              name: tribes.name,
              slug: tribes.slug,
              description: tribes.description,
              logoKey: tribes.logoKey,
              coverKey: tribes.coverKey,
              createdAt: tribes.createdAt,
            })
            .from(tribes)
            .where(inArray(tribes.id, ids))
        : Promise.resolve([]),
    eventsByIds: (ids: string[]) =>
      ids.length
        ? db
            .select({
              id: events.id,
              title: events.title,
              placeName: events.placeName,
              villageName: villages.name,
              coverKey: events.coverKey,
              startsAt: events.startsAt,
              tribe: { id: tribes.id, name: tribes.name, slug: tribes.slug },
            })
            .from(events)
            .innerJoin(tribes, eq(tribes.id, events.tribeId))
            .leftJoin(villages, eq(villages.id, events.villageId))
            .where(inArray(events.id, ids))
        : Promise.resolve([]),

    /**
     * A post or comment the asker may read, for translation: its text, language, version and whether its
     * tribe lets it go to the provider (a public text always may). Undefined when absent or not theirs to see.
     */
    async readable(kind: 'post' | 'comment', id: string, a: Asker & { viewerId: string }) {
      const v = a.viewerId;
      const source =
        kind === 'post'
          ? sql`select p.body, p.lang, p.id as post_id, p.author_id from posts p where p.id = ${id}`
          : sql`select c.body, c.lang, c.post_id, c.author_id from comments c where c.id = ${id} and c.deleted_at is null`;
      const rows = rowsOf<{
        body: string;
        lang: string | null;
        version: Date | string;
        visibility: string;
        allow: boolean | null;
      }>(
        await db.execute(sql`
          with s as (${source})
          select s.body, s.lang, p.visibility, tr.allow_translation as allow
          from s join posts p on p.id = s.post_id
          join users u on u.id = p.author_id
          left join tribes tr on tr.id = p.tribe_id
          where p.deleted_at is null and ${active(sql`u`, a.now)} and (tr.id is null or tr.suspended_at is null)
            and (p.visibility = 'public' or exists (select 1 from tribe_members tm
              where tm.tribe_id = p.tribe_id and tm.user_id = ${v} and tm.status = 'active'))
            and p.author_id <> all (array${blockPartners(v)}) and s.author_id <> all (array${blockPartners(v)})`),
      );
      const row = rows[0];
      if (!row) return undefined;
      // The version is the text itself (and the language it is read from): an edit or a correction changes it.
      const version = createHash('sha256')
        .update(`${row.lang ?? ''}\n${row.body}`)
        .digest('base64url');
      return { body: row.body, lang: row.lang, version, mayTranslate: row.visibility === 'public' || row.allow === true };
    },

    async cachedTranslation(kind: 'post' | 'comment', id: string, target: string) {
      const [row] = await db
        .select()
        .from(contentTranslations)
        .where(
          and(
            eq(contentTranslations.subjectType, kind),
            eq(contentTranslations.subjectId, id),
            eq(contentTranslations.target, target),
          ),
        )
        .limit(1);
      return row;
    },
    async keepTranslation(row: typeof contentTranslations.$inferInsert) {
      await db
        .insert(contentTranslations)
        .values(row)
        .onConflictDoUpdate({
          target: [contentTranslations.subjectType, contentTranslations.subjectId, contentTranslations.target],
          set: { version: row.version, source: row.source, text: row.text, createdAt: row.createdAt },
        });
    },
  };
}

export type SearchRepo = ReturnType<typeof createSearchRepo>;
