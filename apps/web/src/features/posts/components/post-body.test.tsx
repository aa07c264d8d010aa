import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../app/i18n';
import { PostBody } from './post-body';

beforeAll(() => initI18n('en'));

function renderBody(text: string) {
  return render(
    <MemoryRouter>
      <PostBody text={text} />
    </MemoryRouter>,
  );
}

describe('PostBody', () => {
  it('renders each paragraph as its own dir="auto" block, so Arabic and Latin paragraphs each read right', () => {
    renderBody('Hello tribe\n\nمرحبا بالجميع #قرية\n\nשלום לכולם');
    const paragraphs = screen.getAllByTestId('post-paragraph');
    expect(paragraphs).toHaveLength(3);
    for (const p of paragraphs) {
      expect(p.tagName).toBe('P');
      expect(p).toHaveAttribute('dir', 'auto');
    }
    expect(paragraphs[1]).toHaveTextContent('مرحبا بالجميع #قرية');
  });

  it('gives each line of a paragraph its own direction (a Hebrew line, then an English one)', () => {
    renderBody('מי מצטרף? #זיתים\nWho is joining?');
    const p = screen.getByTestId('post-paragraph');
    expect(p).toHaveAttribute('dir', 'auto');
    expect(p).toHaveStyle({ unicodeBidi: 'plaintext', whiteSpace: 'pre-line' });
  });

  it('turns links, #hashtags and @mentions from the shared tokenizer into links', () => {
    renderBody('See https://example.org/a?b=1, #Harvest and @amina.k!');
    const external = screen.getByRole('link', { name: 'https://example.org/a?b=1' });
    expect(external).toHaveAttribute('href', 'https://example.org/a?b=1');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external.getAttribute('rel')).toContain('noopener');
    const tag = screen.getByRole('link', { name: '#Harvest' });
    expect(tag).toHaveAttribute('href', '/explore?q=%23harvest');
    const mention = screen.getByRole('link', { name: '@amina.k' });
    expect(mention).toHaveAttribute('href', '/explore?q=amina.k');
    // The text between the tokens stays as it was, punctuation included.
    expect(screen.getByTestId('post-paragraph')).toHaveTextContent('See https://example.org/a?b=1, #Harvest and @amina.k!');
  });

  it('keeps single line breaks inside a paragraph and never renders markup from the text', () => {
    const { container } = renderBody('line one\nline two <b>bold</b>');
    expect(screen.getAllByTestId('post-paragraph')).toHaveLength(1);
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByTestId('post-paragraph').textContent).toBe('line one\nline two <b>bold</b>');
  });
});
