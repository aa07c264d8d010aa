import { describe, expect, it } from 'vitest';
import { imageSources } from './post-images';

const img = {
  url: '/media/posts/a.webp',
  width: 2048,
  height: 1024,
  alt: 'valley',
  variants: [
    { width: 320, url: '/media/posts/a-320.webp' },
    { width: 640, url: '/media/posts/a-640.webp' },
    { width: 1280, url: '/media/posts/a-1280.webp' },
  ],
};

describe('where a photo loads from', () => {
  it('offers every copy to the browser (srcset), and only the smallest with the data saver', () => {
    expect(imageSources(img, false)).toEqual({
      src: '/media/posts/a.webp',
      srcSet:
        '/media/posts/a-320.webp 320w, /media/posts/a-640.webp 640w, /media/posts/a-1280.webp 1280w, /media/posts/a.webp 2048w',
    });
    expect(imageSources(img, true)).toEqual({ src: '/media/posts/a-320.webp' });
    expect(imageSources({ ...img, variants: [] }, true)).toEqual({ src: '/media/posts/a.webp' });
    expect(imageSources({ ...img, variants: [] }, false)).toEqual({ src: '/media/posts/a.webp' });
  });
});
