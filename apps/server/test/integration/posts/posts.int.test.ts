import { digestEndpoints, notificationsEndpoints, peopleEndpoints, postsEndpoints, type EndpointData } from '@tribes/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { expectOperationsMatch } from '#test/contract.js';
import { bearer, createPost, createTribe, joinTribe, makeModerator, signUp, signUpLeader } from '#test/factories.js';
import { multipartBody } from '#test/multipart.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const jpegWithGps = () =>
  sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#3366aa' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Artist: 'exif-secret-artist' }, IFD3: { GPSLatitudeRef: 'N', GPSLongitudeRef: 'W' } } })
    .toBuffer();

const upload = (
  token: string,
  files: { filename: string; contentType: string; data: Buffer }[],
  fields: Record<string, string> = {},
  language = 'en',
) => {
  const body = multipartBody(
    files.map((f) => ({ field: 'images', ...f })),
    fields,
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/posts',
    payload: body.payload,
    headers: { ...bearer(token), ...body.headers, 'accept-language': language },
  });
};

describe('posting with photos', () => {
  it('re-encodes photos to WebP of at most 2048 px, without EXIF or GPS, with alt text', async () => {
    const u = await signUp(t);
    const res = await upload(u.token, [{ filename: 'a.jpg', contentType: 'image/jpeg', data: await jpegWithGps() }], {
      body: 'Sunset #atlas',
      alt: 'The valley at dusk',
    });
    expect(res.statusCode).toBe(201);
    const post = res.json().data.post;
    expect(post.images).toHaveLength(1);
    expect(post.images[0]).toMatchObject({ width: 2048, height: 1024, alt: 'The valley at dusk' });
    const served = await t.app.inject({ url: post.images[0].url });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('exif-secret-artist'))).toBe(false);
  });

  it('stores copies 320, 640 and 1280 px wide beside the photo, for srcset and the data saver', async () => {
    const u = await signUp(t);
    const res = await upload(u.token, [{ filename: 'a.jpg', contentType: 'image/jpeg', data: await jpegWithGps() }], {
      body: 'wide',
    });
    const image = res.json().data.post.images[0];
    expect(image.variants.map((v: { width: number }) => v.width)).toEqual([320, 640, 1280]);
    const sizes: number[] = [];
    for (const v of image.variants as { width: number; url: string }[]) {
      const served = await t.app.inject({ url: v.url });
      expect(served.statusCode).toBe(200);
      const meta = await sharp(served.rawPayload).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
        format: 'webp',
        width: v.width,
        height: v.width / 2,
      });
      sizes.push(served.rawPayload.length);
    }
    const original = (await t.app.inject({ url: image.url })).rawPayload.length;
    expect(sizes[0]).toBeLessThan(sizes[2]!);
    expect(sizes[2]).toBeLessThan(original);
    // The feed presents them alike; a photo narrower than 320 px has none.
    const feed = await t.app.inject({ url: '/api/v1/feed?limit=50', headers: bearer(u.token) });
    const listed = feed.json().data.items.find((p: { id: string }) => p.id === res.json().data.post.id);
    expect(listed.images[0].variants).toEqual(image.variants);
    const small = await upload(u.token, [
      {
        filename: 's.png',
        contentType: 'image/png',
        data: await sharp({ create: { width: 300, height: 200, channels: 3, background: '#0a0' } })
          .png()
          .toBuffer(),
      },
    ]);
    expect(small.json().data.post.images[0].variants).toEqual([]);
  });

  it('publishes a post sent twice with one Idempotency-Key once, photos and all (the offline outbox replays it)', async () => {
    const u = await signUp(t);
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#a50' } })
      .jpeg()
      .toBuffer();
    const send = (key: string, body = 'Written on the bus') => {
      const form = multipartBody([{ field: 'images', filename: 'a.jpg', contentType: 'image/jpeg', data: photo }], {
        body,
        alt: 'bus',
      });
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/posts',
        payload: form.payload,
        headers: { ...bearer(u.token), ...form.headers, 'idempotency-key': key },
      });
    };
    const [a, b] = await Promise.all([send('outbox-post-1'), send('outbox-post-1')]);
    const c = await send('outbox-post-1');
    for (const r of [a, b, c]) expect(r.statusCode).toBe(201);
    const ids = new Set([a, b, c].map((r) => r.json().data.post.id));
    expect(ids.size).toBe(1);
    expect(c.json().data.post.images).toHaveLength(1);
    const mine = await t.app.inject({ url: `/api/v1/users/${u.user.id}/posts`, headers: bearer(u.token) });
    expect(mine.json().data.items.filter((p: { body: string }) => p.body === 'Written on the bus')).toHaveLength(1);
    const conflict = await send('outbox-post-1', 'Another text');
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().error_type).toBe('idempotency_conflict');
    const bad = await send('x'.repeat(300));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.idempotency_key).toBeDefined();
  });

  it('serves a tribe-only photo only through a signed URL', async () => {
    const leader = await signUpLeader(t);
    const tribe = await createTribe(t, leader.token);
    const res = await upload(
      leader.token,
      [
        {
          filename: 'a.png',
          contentType: 'image/png',
          data: await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
            .png()
            .toBuffer(),
        },
      ],
      {
        body: 'members only',
        tribe_id: tribe.id,
        visibility: 'tribe',
      },
    );
    expect(res.statusCode).toBe(201);
    const url = res.json().data.post.images[0].url as string;
    expect(url).toMatch(/^\/media\/private\/posts\/[0-9a-f]+\.webp\?exp=\d+&sig=[0-9a-f]{64}$/);
    expect((await t.app.inject({ url })).statusCode).toBe(200);
    const path = url.split('?')[0]!;
    expect((await t.app.inject({ url: path })).statusCode).toBe(404);
    const forged = url.replace(/sig=([0-9a-f])/, (_m, c: string) => `sig=${c === '0' ? '1' : '0'}`);
    expect((await t.app.inject({ url: forged })).statusCode).toBe(404);
    t.clock.advance(3 * 3600 * 1000);
    expect((await t.app.inject({ url })).statusCode).toBe(404);
  });

  it('refuses a non-image named .jpg, a corrupt image, a fifth image and a file over 10 MB', async () => {
    const u = await signUp(t);
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const fake = await upload(
      u.token,
      [{ filename: 'x.jpg', contentType: 'image/jpeg', data: Buffer.from('MZ this is an exe') }],
      { body: 'x' },
    );
    expect(fake.statusCode).toBe(415);
    expect(fake.json()).toMatchObject({ status: 'error', message: 'Upload a JPEG, PNG, WebP, GIF or AVIF image.' });
    const corrupt = await upload(u.token, [{ filename: 'c.png', contentType: 'image/png', data: png.subarray(0, 30) }], {
      body: 'x',
    });
    expect(corrupt.statusCode).toBe(400);
    const five = await upload(
      u.token,
      Array.from({ length: 5 }, (_, i) => ({ filename: `${i}.png`, contentType: 'image/png', data: png })),
      { body: 'x' },
    );
    expect(five.statusCode).toBe(400);
    expect(five.json().errors.images).toEqual(['You can add at most 4 images.']);
    // The limit picks the plural form: Arabic counts 3 to 10 with the plural noun.
    const fiveInArabic = await upload(
      u.token,
      Array.from({ length: 5 }, (_, i) => ({ filename: `${i}.png`, contentType: 'image/png', data: png })),
      { body: 'x' },
      'ar',
    );
    expect(fiveInArabic.json().errors.images).toEqual(['يمكنك إضافة 4 صور على الأكثر.']);
    const big = await upload(
      u.token,
      [{ filename: 'big.png', contentType: 'image/png', data: Buffer.alloc(10 * 1024 * 1024 + 1, 7) }],
      { body: 'x' },
    );
    expect(big.statusCode).toBe(413);
  });

  it('refuses an empty post, a tribe post outside my tribes, and a tribe-only post without a tribe', async () => {
    const u = await signUp(t);
    const leader = await signUpLeader(t);
    const tribe = await createTribe(t, leader.token);
    const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/v1/posts', payload, headers: bearer(u.token) });
    expect((await post({ body: '   ' })).json().errors.body).toEqual(['This field is required.']);
    expect((await post({ body: 'x', tribe_id: tribe.id })).statusCode).toBe(403);
    expect((await post({ body: 'x', visibility: 'tribe' })).json().errors.tribe_id).toHaveLength(1);
    expect((await post({ body: 'x'.repeat(5001) })).statusCode).toBe(400);
    expect((await post({ body: 'x', author_id: u.user.id })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/posts', payload: { body: 'x' } })).statusCode).toBe(401);
  });
});

describe('likes, favourites, hiding', () => {
  it('counts a like sent twice once, and racing likes and unlikes end consistent', async () => {
    const author = await signUp(t);
    const post = await createPost(t, author.token);
    const fans = await Promise.all(Array.from({ length: 8 }, () => signUp(t)));
    const like = (token: string, method: 'POST' | 'DELETE') =>
      t.app.inject({ method, url: `/api/v1/posts/${post.id}/like`, headers: bearer(token) });
    await Promise.all(fans.flatMap((f) => [like(f.token, 'POST'), like(f.token, 'POST')]));
    const count = async () =>
      (await t.app.inject({ url: `/api/v1/posts/${post.id}`, headers: bearer(author.token) })).json().data.post.like_count;
    expect(await count()).toBe(8);
    const results = await Promise.all(
      fans.flatMap((f, i) =>
        i % 2 ? [like(f.token, 'DELETE'), like(f.token, 'POST'), like(f.token, 'DELETE')] : [like(f.token, 'DELETE')],
      ),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    // Every fan's last word was an unlike, whatever the order within each pair.
    const liked = await Promise.all(
      fans.map(
        async (f) =>
          (await t.app.inject({ url: `/api/v1/posts/${post.id}`, headers: bearer(f.token) })).json().data.post.liked as boolean,
      ),
    );
    expect(await count()).toBe(liked.filter(Boolean).length);
  });

  it('lists favourites and hidden posts, and keeps hidden posts out of the feed', async () => {
    const author = await signUp(t);
    const reader = await signUp(t);
    const a = await createPost(t, author.token, { body: 'keep me' });
    const b = await createPost(t, author.token, { body: 'hide me' });
    await t.app.inject({ method: 'POST', url: `/api/v1/posts/${a.id}/favourite`, headers: bearer(reader.token) });
    await t.app.inject({ method: 'POST', url: `/api/v1/posts/${b.id}/hide`, headers: bearer(reader.token) });
    const list = async (url: string) =>
      (await t.app.inject({ url, headers: bearer(reader.token) })).json().data.items.map((p: { id: string }) => p.id);
    expect(await list('/api/v1/me/favourite_posts')).toEqual([a.id]);
    expect(await list('/api/v1/me/hidden_posts')).toEqual([b.id]);
    expect(await list('/api/v1/feed')).not.toContain(b.id);
    await t.app.inject({ method: 'DELETE', url: `/api/v1/posts/${b.id}/hide`, headers: bearer(reader.token) });
    expect(await list('/api/v1/feed')).toContain(b.id);
  });

  it('presents each feed post to its reader exactly as the post itself (marks, photos, rights)', async () => {
    // The feed has its own one-statement query and presenter; GET /posts/:id is the reference.
    const leader = await signUpLeader(t);
    const tribe = await createTribe(t, leader.token);
    const member = await signUp(t);
    const moderator = await signUp(t);
    for (const u of [member, moderator]) await joinTribe(t, u.token, tribe.id);
    await makeModerator(t, leader.token, tribe.id, moderator.user.id);
    const png = await sharp({ create: { width: 12, height: 6, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const withPhotos = await upload(
      leader.token,
      [
        { filename: 'a.png', contentType: 'image/png', data: png },
        { filename: 'b.png', contentType: 'image/png', data: png },
      ],
      { body: 'members only, two photos', tribe_id: tribe.id, visibility: 'tribe', alt: 'first' },
    );
    expect(withPhotos.statusCode).toBe(201);
    const tribePost = withPhotos.json().data.post as { id: string };
    t.clock.advance(1000);
    const memberPost = await createPost(t, member.token, { body: 'public, in the tribe', tribe_id: tribe.id });
    t.clock.advance(1000);
    await t.app.inject({ method: 'POST', url: `/api/v1/posts/${tribePost.id}/like`, headers: bearer(member.token) });
    await t.app.inject({ method: 'POST', url: `/api/v1/posts/${tribePost.id}/favourite`, headers: bearer(member.token) });
    await t.app.inject({ method: 'POST', url: `/api/v1/posts/${memberPost.id}/like`, headers: bearer(moderator.token) });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/posts/${memberPost.id}`,
      payload: { body: 'public, in the tribe (edited)' },
      headers: bearer(member.token),
    });

    for (const reader of [leader, member, moderator]) {
      const feed = (await t.app.inject({ url: '/api/v1/feed?limit=50', headers: bearer(reader.token) })).json().data.items as {
        id: string;
      }[];
      expect(feed.map((p) => p.id)).toEqual(expect.arrayContaining([tribePost.id, memberPost.id]));
      for (const item of feed) {
        const single = await t.app.inject({ url: `/api/v1/posts/${item.id}`, headers: bearer(reader.token) });
        expect(item).toEqual(single.json().data.post);
      }
    }
    const seenBy = async (reader: { token: string }, id: string) =>
      (
        (await t.app.inject({ url: '/api/v1/feed?limit=50', headers: bearer(reader.token) })).json().data.items as {
          id: string;
        }[]
      ).find((p) => p.id === id) as Record<string, unknown>;
    expect(await seenBy(member, tribePost.id)).toMatchObject({ liked: true, favourited: true, can_delete: false });
    expect(await seenBy(moderator, tribePost.id)).toMatchObject({ liked: false, can_edit: false, can_delete: true });
    expect(await seenBy(moderator, memberPost.id)).toMatchObject({ liked: true, can_delete: true });
    expect(((await seenBy(leader, tribePost.id)).images as unknown[]).length).toBe(2);
    expect(await seenBy(member, memberPost.id)).toMatchObject({ can_edit: true, edited_at: expect.any(String) });
  });
});

describe('comments, editing and deleting', () => {
  it('counts comments, lets the author edit, and the right people delete', async () => {
    const leader = await signUpLeader(t);
    const tribe = await createTribe(t, leader.token);
    const author = await signUp(t);
    const other = await signUp(t);
    for (const u of [author, other])
      await t.app.inject({ method: 'POST', url: `/api/v1/tribes/${tribe.id}/join`, headers: bearer(u.token) });
    const post = await createPost(t, author.token, { body: 'Weaving day', tribe_id: tribe.id, visibility: 'tribe' });
    const c = await t.app.inject({
      method: 'POST',
      url: `/api/v1/posts/${post.id}/comments`,
      payload: { body: 'Beautiful!' },
      headers: bearer(other.token),
    });
    expect(c.statusCode).toBe(201);
    const commentId = c.json().data.comment.id as string;
    // The offline outbox sends a comment with a key: a replay answers the same comment and counts once.
    const keyed = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/posts/${post.id}/comments`,
        payload: { body: 'Sent from the bus' },
        headers: { ...bearer(other.token), 'idempotency-key': 'outbox-comment-1' },
      });
    const [k1, k2] = await Promise.all([keyed(), keyed()]);
    expect([k1.statusCode, k2.statusCode]).toEqual([201, 201]);
    expect(k1.json().data.comment.id).toBe(k2.json().data.comment.id);
    expect(
      (await t.app.inject({ url: `/api/v1/posts/${post.id}`, headers: bearer(author.token) })).json().data.post.comment_count,
    ).toBe(2);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/v1/comments/${k1.json().data.comment.id}`,
          headers: bearer(other.token),
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ url: `/api/v1/posts/${post.id}`, headers: bearer(author.token) })).json().data.post.comment_count,
    ).toBe(1);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v1/posts/${post.id}/comments`,
          payload: { body: '' },
          headers: bearer(other.token),
        })
      ).statusCode,
    ).toBe(400);

    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/v1/posts/${post.id}`,
          payload: { body: 'edited' },
          headers: bearer(other.token),
        })
      ).statusCode,
    ).toBe(403);
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/posts/${post.id}`,
      payload: { body: 'Weaving day, edited' },
      headers: bearer(author.token),
    });
    expect(edited.json().data.post.edited_at).not.toBeNull();

    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/comments/${commentId}`, headers: bearer(author.token) })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ url: `/api/v1/posts/${post.id}`, headers: bearer(author.token) })).json().data.post.comment_count,
    ).toBe(0);

    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/posts/${post.id}`, headers: bearer(other.token) })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/posts/${post.id}`, headers: bearer(leader.token) })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ url: `/api/v1/posts/${post.id}`, headers: bearer(author.token) })).statusCode).toBe(404);
    const log = await t.app.inject({ url: `/api/v1/tribes/${tribe.id}/moderation_log`, headers: bearer(leader.token) });
    expect(log.json().data.items).toEqual([
      expect.objectContaining({ action: 'delete_post', post_id: post.id, actor: { id: leader.user.id, name: leader.user.name } }),
    ]);
  });
});

describe('reports', () => {
  it('queues a report for the tribe moderators, who dismiss, delete or ban, each logged', async () => {
    const leader = await signUpLeader(t);
    const tribe = await createTribe(t, leader.token);
    const author = await signUp(t);
    const reporter = await signUp(t);
    for (const u of [author, reporter])
      await t.app.inject({ method: 'POST', url: `/api/v1/tribes/${tribe.id}/join`, headers: bearer(u.token) });
    const post = await createPost(t, author.token, { body: 'spam spam', tribe_id: tribe.id });
    const report = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/posts/${post.id}/report`,
        payload: { reason: 'Spam' },
        headers: bearer(token),
      });
    expect((await report(reporter.token)).statusCode).toBe(201);
    expect((await report(reporter.token)).statusCode).toBe(409);
    expect((await report(author.token)).statusCode).toBe(409);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v1/posts/${post.id}/report`,
          payload: { reason: '' },
          headers: bearer(reporter.token),
        })
      ).statusCode,
    ).toBe(400);

    expect((await t.app.inject({ url: `/api/v1/tribes/${tribe.id}/reports`, headers: bearer(reporter.token) })).statusCode).toBe(
      403,
    );
    const queue = await t.app.inject({ url: `/api/v1/tribes/${tribe.id}/reports`, headers: bearer(leader.token) });
    const item = queue.json().data.items[0];
    expect(item).toMatchObject({ reason: 'Spam', status: 'open', reporter: { id: reporter.user.id }, post: { id: post.id } });

    const resolve = (token: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/v1/reports/${item.id}/resolve`, payload, headers: bearer(token) });
    expect((await resolve(reporter.token, { action: 'dismiss' })).statusCode).toBe(403);
    expect((await resolve(leader.token, { action: 'explode' })).statusCode).toBe(400);
    expect((await resolve(leader.token, { action: 'ban_author', note: 'Repeated spam' })).statusCode).toBe(200);
    expect((await resolve(leader.token, { action: 'dismiss' })).statusCode).toBe(409);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v1/tribes/${tribe.id}/join`, headers: bearer(author.token) })).statusCode,
    ).toBe(403);
    const log = (await t.app.inject({ url: `/api/v1/tribes/${tribe.id}/moderation_log`, headers: bearer(leader.token) })).json()
      .data.items;
    expect(log).toEqual([
      expect.objectContaining({
        action: 'ban_author',
        reason: 'Repeated spam',
        target_user_id: author.user.id,
        report_id: item.id,
      }),
    ]);
    const handled = await t.app.inject({
      url: `/api/v1/tribes/${tribe.id}/reports?status=actioned`,
      headers: bearer(leader.token),
    });
    expect(handled.json().data.items[0]).toMatchObject({ action: 'ban_author', handled_by: { id: leader.user.id } });
  });
});

describe('explore', () => {
  it('ranks public posts by recent engagement and finds posts, tribes and people by text', async () => {
    const a = await signUp(t, { name: 'Zora Explorer' });
    const quiet = await createPost(t, a.token, { body: 'quiet #explorezz' });
    const busy = await createPost(t, a.token, { body: 'busy #explorezz' });
    const fans = await Promise.all(Array.from({ length: 3 }, () => signUp(t)));
    for (const f of fans) await t.app.inject({ method: 'POST', url: `/api/v1/posts/${busy.id}/like`, headers: bearer(f.token) });
    const res = await t.app.inject({ url: '/api/v1/explore?q=%23explorezz', headers: bearer(fans[0]!.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items.map((p: { id: string }) => p.id)).toEqual([busy.id, quiet.id]);
    const people = await t.app.inject({ url: '/api/v1/explore?q=zora' });
    expect(people.json().data.people.map((p: { name: string }) => p.name)).toContain('Zora Explorer');
    expect((await t.app.inject({ url: '/api/v1/explore?cursor=nonsense' })).statusCode).toBe(400);
  });
});

describe('privacy of profiles', () => {
  it('shows public profiles to all, tribe profiles to tribe mates, private ones to nobody else', async () => {
    const leader = await signUpLeader(t);
    const tribe = await createTribe(t, leader.token);
    const subject = await signUp(t);
    const mate = await signUp(t);
    const stranger = await signUp(t);
    for (const u of [subject, mate])
      await t.app.inject({ method: 'POST', url: `/api/v1/tribes/${tribe.id}/join`, headers: bearer(u.token) });
    const view = (token?: string) =>
      t.app.inject({ url: `/api/v1/users/${subject.user.id}`, headers: token ? bearer(token) : {} });
    expect((await view()).statusCode).toBe(200);
    expect((await view()).json().data.profile).not.toHaveProperty('email');
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/privacy',
      payload: { profile_visibility: 'tribe' },
      headers: bearer(subject.token),
    });
    expect((await view(mate.token)).statusCode).toBe(200);
    expect((await view(stranger.token)).statusCode).toBe(403);
    expect((await view()).statusCode).toBe(403);
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/privacy',
      payload: { profile_visibility: 'private' },
      headers: bearer(subject.token),
    });
    expect((await view(mate.token)).json().message).toBe('This profile is private.');
    expect((await view(subject.token)).statusCode).toBe(200);
  });

  it('blocks and unblocks, lists blocked users, and refuses blocking oneself', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v1/users/${a.user.id}/block`, headers: bearer(a.token) })).statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v1/users/${b.user.id}/block`, headers: bearer(a.token) })).statusCode,
    ).toBe(200);
    expect(
      (
        (await t.app.inject({ url: '/api/v1/me/blocked_users', headers: bearer(a.token) })).json().data as EndpointData<
          typeof peopleEndpoints.blocked
        >
      ).items.map((u) => u.id),
    ).toEqual([b.user.id]);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/users/${b.user.id}/block`, headers: bearer(a.token) })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/me/blocked_users', headers: bearer(a.token) })).json().data.items).toEqual([]);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/users/00000000-0000-4000-8000-000000000000/block',
          headers: bearer(a.token),
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('contract', () => {
  it('registers every posts, people and notifications route from the contract, each with its answer in the OpenAPI document', async () => {
    await expectOperationsMatch(t.app, {
      posts: postsEndpoints,
      people: peopleEndpoints,
      notifications: { ...notificationsEndpoints, ...digestEndpoints },
    });
  });
});
