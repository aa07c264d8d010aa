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

/** The only place that reads the search columns and the translation cache. */
export function createSearchRepo(db: Db) {
  const select = async (query: SQL) => rowsOf<Candidate>(await db.execute(query));

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
     * the application's foldText, so they are written here and nowhere else.
     */
    async foldPending(batch = 500): Promise<number> {
      const fold = async (
        table: 'users' | 'tribes' | 'posts' | 'events',
        column: string,
        rows: { id: string; text: string }[],
      ) => {
        if (rows.length === 0) return 0;
        const values = sql.join(
          rows.map((r) => sql`(${r.id}::uuid, ${searchColumn(r.text)})`),
          sql`, `,
        );
        await db.execute(
          sql`update ${sql.identifier(table)} t set ${sql.identifier(column)} = v.s from (values ${values}) as v(id, s) where t.id = v.id`,
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
        (await fold('users', 'search_name', u)) +
        (await fold('tribes', 'search_text', t)) +
        (await fold('posts', 'search_text', p)) +
        (await fold('events', 'search_text', e))
      );
    },

    /** People the asker may see: public profiles, those sharing an active tribe with them, themselves; none suspended or across a block. */
    people(t: SearchTerms, a: Asker, limit: number): Promise<Candidate[]> {
      const m = matching(sql`u.search_name`, t);
      const v = a.viewerId;
      const visible = v
        ? sql`(u.id = ${v} or u.profile_visibility = 'public' or (u.profile_visibility = 'tribe' and exists (
            select 1 from tribe_members mine join tribe_members theirs on theirs.tribe_id = mine.tribe_id
            where mine.user_id = ${v} and mine.status = 'active' and theirs.user_id = u.id and theirs.status = 'active')))
          and u.id <> all (array${blockPartners(v)})`
        : sql`u.profile_visibility = 'public'`;
      return wordsThenNear(
        select,
        m,
        limit,
        (part, n) => sql`
          select u.id, ${part.rank} as rank, ${part.score} as score from users u
          where u.search_name is not null and ${part.where} and ${active(sql`u`, a.now)} and ${visible}
          order by rank, score desc, u.id limit ${n}`,
      );
    },

    /** Posts the asker may see: public, or of their tribes; not deleted, hidden, of a suspended tribe or author, or across a block. */
    posts(t: SearchTerms, a: Asker, limit: number): Promise<Candidate[]> {
      const m = matching(sql`p.search_text`, t);
      const v = a.viewerId;
      const visible = v
        ? sql`(p.visibility = 'public' or p.tribe_id = any (array(
              select tm.tribe_id from tribe_members tm where tm.user_id = ${v} and tm.status = 'active')))
            and p.author_id <> all (array${blockPartners(v)})
            and not exists (select 1 from post_hides h where h.post_id = p.id and h.user_id = ${v})`
        : sql`p.visibility = 'public'`;
      return wordsThenNear(
        select,
        m,
        limit,
        (part, n) => sql`
          select p.id, ${part.rank} as rank, ${part.score} as score from posts p
          join users u on u.id = p.author_id
          left join tribes tr on tr.id = p.tribe_id
          where p.deleted_at is null and p.search_text is not null and ${part.where}
            and ${active(sql`u`, a.now)} and tr.suspended_at is null and ${visible}
          order by rank, score desc, p.id limit ${n}`,
      );
    },

    /** Tribes anyone may see: every tribe but the suspended ones. */
    tribes(t: SearchTerms, _a: Asker, limit: number): Promise<Candidate[]> {
      const m = matching(sql`tr.search_text`, t);
      return wordsThenNear(
        select,
        m,
        limit,
        (part, n) => sql`
          select tr.id, ${part.rank} as rank, ${part.score} as score from tribes tr
          where tr.search_text is not null and tr.suspended_at is null and ${part.where}
          order by rank, score desc, tr.id limit ${n}`,
      );
    },

    /**
     * Events the asker may see, as the events list shows them: public ones, or those of a tribe where the
     * asker is an active member; none cancelled, of a suspended tribe, or organised across a block.
     */
    events(t: SearchTerms, a: Asker, limit: number): Promise<Candidate[]> {
      const m = matching(sql`e.search_text`, t);
      const v = a.viewerId;
      const visible = v
        ? sql`(e.visibility = 'public' or exists (select 1 from tribe_members tm
              where tm.tribe_id = e.tribe_id and tm.user_id = ${v} and tm.status = 'active'))
            and (e.created_by is null or e.created_by <> all (array${blockPartners(v)}))`
        : sql`e.visibility = 'public'`;
      return wordsThenNear(
        select,
        m,
        limit,
        (part, n) => sql`
          select e.id, ${part.rank} as rank, ${part.score} as score from events e
          join tribes tr on tr.id = e.tribe_id
          where e.status <> 'cancelled' and e.search_text is not null and ${part.where}
            and tr.suspended_at is null and ${visible}
          order by rank, score desc, e.id limit ${n}`,
      );
    },

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
