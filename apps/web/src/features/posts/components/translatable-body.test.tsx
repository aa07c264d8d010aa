import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Post } from '@tribes/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n';
import { ok, renderWithApp, stubApi } from '../../../test/stub-api';
import { PostCard } from './post-card';

beforeAll(() => initI18n('en'));
afterEach(() => vi.unstubAllGlobals());

const post = (over: Partial<Post> = {}): Post => ({
  id: 'b0000000-0000-4000-8000-000000000001',
  author: { id: 'a1', name: 'Gwenn', avatar_url: null },
  tribe: null,
  visibility: 'public',
  body: 'Fest-noz samedi soir à la salle des fêtes',
  lang: 'fr',
  images: [],
  like_count: 0,
  comment_count: 0,
  liked: false,
  favourited: false,
  hidden: false,
  can_edit: false,
  can_delete: false,
  created_at: new Date().toISOString(),
  edited_at: null,
  ...over,
});

/** Only the part of /v1/config the posts read. */
const config = (enabled: boolean) => ok({ translation: { enabled } });

/** The API: /v1/config with translation on or off; the translate endpoint answering `translate()`. */
function stub(enabled: boolean, translate: () => { status?: number; body: unknown }) {
  return stubApi((url) => {
    if (url.pathname.endsWith('/v1/config')) return config(enabled);
    if (url.pathname.endsWith('/translate')) return translate();
    return undefined;
  });
}

const translated = ok({ text: 'Fest-noz Saturday night at the village hall', from: 'fr', to: 'en' });

describe('the Translate action of a post', () => {
  it('translates a French post for an English reader, says from which language, and shows the original again', async () => {
    const calls = stub(true, () => translated);
    const user = userEvent.setup();
    renderWithApp(<PostCard post={post()} />);
    await user.click(await screen.findByTestId('translate-button'));
    expect(await screen.findByTestId('translated-text')).toHaveTextContent('Fest-noz Saturday night at the village hall');
    expect(screen.getByTestId('translated-note')).toHaveTextContent('Translated from French');
    const asked = calls.find((c) => c.url.pathname.endsWith('/translate'))!;
    expect(asked.method).toBe('POST');
    expect(asked.url.pathname).toContain(`/v1/posts/${post().id}/translate`);
    expect(asked.body).toEqual({ to: 'en' });

    await user.click(screen.getByTestId('show-original'));
    expect(screen.queryByTestId('translated-text')).not.toBeInTheDocument();
    expect(screen.getByTestId('post-body')).toHaveTextContent('Fest-noz samedi soir');
    // Shown again from what was fetched: no second request.
    await user.click(screen.getByRole('button', { name: 'Show translation' }));
    expect(screen.getByTestId('translated-text')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.pathname.endsWith('/translate'))).toHaveLength(1);
  });

  it('a 503 translation_unavailable says translation is unavailable, and the retry translates', async () => {
    let down = true;
    stub(true, () =>
      down
        ? {
            status: 503,
            body: { status: 'error', error_type: 'translation_unavailable', message: 'Translation is unavailable right now.' },
          }
        : translated,
    );
    const user = userEvent.setup();
    renderWithApp(<PostCard post={post()} />);
    await user.click(await screen.findByTestId('translate-button'));
    const alert = await screen.findByTestId('translate-unavailable');
    expect(alert).toHaveTextContent('Translation is unavailable right now. Please try again in a moment.');
    down = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('translated-text')).toBeInTheDocument();
    expect(screen.queryByTestId('translate-unavailable')).not.toBeInTheDocument();
  });

  it('is not offered when the site does not translate', async () => {
    const calls = stub(false, () => translated);
    renderWithApp(<PostCard post={post()} />);
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/v1/config'))).toBe(true));
    await waitFor(() => expect(screen.getByTestId('post-body')).toBeInTheDocument());
    expect(screen.queryByTestId('translate-button')).not.toBeInTheDocument();
  });

  it('is not offered for a post in the reader language or of unknown language (and the configuration is not asked)', () => {
    const calls = stub(true, () => translated);
    renderWithApp(
      <>
        <PostCard post={post({ id: 'p-en', lang: 'en', body: 'Hello' })} />
        <PostCard post={post({ id: 'p-null', lang: null, body: 'Azul' })} />
      </>,
    );
    expect(screen.queryByTestId('translate-button')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("shows the author the post's language and lets them correct it", async () => {
    const calls = stubApi((url, init) => {
      if (url.pathname.endsWith('/v1/config')) return config(false);
      if (init?.method === 'PATCH') return ok({ post: post({ can_edit: true, lang: 'es' }) });
      return undefined;
    });
    const user = userEvent.setup();
    renderWithApp(<PostCard post={post({ can_edit: true })} />);
    expect(screen.getByTestId('lang-control')).toHaveTextContent('Language: French');
    await user.click(screen.getByRole('button', { name: 'Change the language of this text (now French)' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Spanish' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.url.pathname).toContain(`/v1/posts/${post().id}`);
    expect(patch.body).toEqual({ lang: 'es' });
  });
});

describe('the Translate action of a comment', () => {
  it('translates a comment through /v1/comments/{id}/translate, and lets its author correct its language', async () => {
    const comments = [
      {
        id: 'c-fr',
        post_id: 'p1',
        author: { id: 'a2', name: 'Yann', avatar_url: null },
        body: 'Je viendrai avec mon biniou et ma bombarde',
        lang: 'fr',
        can_delete: false,
        can_edit: false,
        created_at: new Date().toISOString(),
      },
      {
        id: 'c-mine',
        post_id: 'p1',
        author: { id: 'me', name: 'Me', avatar_url: null },
        body: 'Hello all of you there',
        lang: 'en',
        can_delete: true,
        can_edit: true,
        created_at: new Date().toISOString(),
      },
    ];
    const calls = stubApi((url, init) => {
      if (url.pathname.endsWith('/v1/config')) return config(true);
      if (url.pathname.endsWith('/comments')) return ok({ items: comments, next_cursor: null });
      if (url.pathname.endsWith('/c-fr/translate')) return ok({ text: 'I will come with my bagpipe', from: 'fr', to: 'en' });
      if (init?.method === 'PATCH') return ok({ comment: { ...comments[1], lang: 'fr' } });
      return undefined;
    });
    const user = userEvent.setup();
    renderWithApp(<PostCard post={post({ lang: 'en', comment_count: 2 })} />);
    await user.click(screen.getByTestId('comments-button'));
    const [theirs, mine] = await screen.findAllByTestId('comment');
    // Only the comment in another language offers the action; only the reader's own shows its language.
    expect(within(mine!).queryByTestId('translate-button')).not.toBeInTheDocument();
    expect(within(theirs!).queryByTestId('lang-control')).not.toBeInTheDocument();
    await user.click(await within(theirs!).findByTestId('translate-button'));
    expect(await within(theirs!).findByTestId('translated-text')).toHaveTextContent('I will come with my bagpipe');
    expect(calls.find((c) => c.url.pathname.endsWith('/translate'))!.body).toEqual({ to: 'en' });

    expect(within(mine!).getByTestId('lang-control')).toHaveTextContent('Language: English');
    await user.click(within(mine!).getByTestId('lang-change'));
    await user.click(await screen.findByRole('menuitem', { name: 'French' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.url.pathname).toContain('/v1/comments/c-mine');
    expect(patch.body).toEqual({ lang: 'fr' });
  });
});
