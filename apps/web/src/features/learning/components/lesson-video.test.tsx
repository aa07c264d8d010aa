import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../app/i18n';
import { videoEmbed } from '../video-embed';
import { LessonVideo } from './lesson-video';

beforeAll(() => initI18n('en'));

describe('videoEmbed', () => {
  it('embeds YouTube through youtube-nocookie.com and Vimeo through its player', () => {
    const yt = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';
    expect(videoEmbed('https://www.youtube.com/watch?v=dQw4w9WgXcQ')?.src).toBe(yt);
    expect(videoEmbed('https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s')?.src).toBe(yt);
    expect(videoEmbed('https://m.youtube.com/watch?v=dQw4w9WgXcQ')?.src).toBe(yt);
    expect(videoEmbed('https://youtu.be/dQw4w9WgXcQ?si=abc')?.src).toBe(yt);
    expect(videoEmbed('https://vimeo.com/76979871')).toEqual({
      provider: 'vimeo',
      src: 'https://player.vimeo.com/video/76979871',
    });
    expect(videoEmbed('https://www.vimeo.com/76979871/9a8b7c6d5e')?.src).toBe(
      'https://player.vimeo.com/video/76979871?h=9a8b7c6d5e',
    );
  });

  it('embeds nothing else: other hosts, lookalikes, channels, odd ids, other schemes', () => {
    for (const url of [
      'https://video.example.org/v/1',
      'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=short',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ"><script>',
      'https://www.youtube.com/@channel',
      'https://youtu.be/',
      'https://vimeo.com/channels/staffpicks',
      'https://vimeo.com/123/abc/extra',
      'javascript:alert(1)',
      'not a url',
    ])
      expect({ url, embed: videoEmbed(url) }).toEqual({ url, embed: null });
  });
});

describe('LessonVideo', () => {
  it('plays YouTube and Vimeo in a titled 16:9 frame, with a link to the video page', () => {
    render(<LessonVideo url="https://vimeo.com/76979871" title="Weaving" />);
    const frame = screen.getByTitle('Video of the lesson “Weaving”');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', 'https://player.vimeo.com/video/76979871');
    expect(getComputedStyle(frame.parentElement!).aspectRatio.replace(/\s/g, '')).toBe('16/9');
    expect(screen.getByTestId('lesson-video')).toHaveAttribute('href', 'https://vimeo.com/76979871');
  });

  it('links to a video on any other host, embedding nothing', () => {
    const { container } = render(<LessonVideo url="https://www.video.example.org/v/1" title="Weaving" />);
    expect(container.querySelector('iframe')).toBeNull();
    const link = screen.getByTestId('lesson-video');
    expect(link).toHaveAttribute('href', 'https://www.video.example.org/v/1');
    expect(link).toHaveTextContent('Watch the video on video.example.org');
  });
});
