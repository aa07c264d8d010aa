import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html.js';

describe('escapeHtml', () => {
  it('escapes the five characters that end text or a quoted attribute, and keeps the rest', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a> نص`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt; نص');
  });
});
