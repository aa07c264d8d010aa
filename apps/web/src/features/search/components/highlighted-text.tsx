import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import { highlightRanges } from '@tribes/shared';
import { Fragment, useMemo } from 'react';

// Light: dark text on pale yellow; dark: light text on a dim amber (both above 4.5:1).
const markSx = {
  bgcolor: (th: Theme) => (th.palette.mode === 'dark' ? 'rgba(255, 193, 7, 0.3)' : '#fff1a8'),
  color: 'inherit',
  borderRadius: '2px',
  fontWeight: 600,
} as const;

/**
 * `text` with the words of `query` marked where they occur once folded alike (DESIGN 11.5): "ecole" marks
 * "École", "محمد" marks "مُحَمَّد"; the original characters, marks included, are kept inside the <mark>.
 */
export function HighlightedText({ text, query }: { text: string; query: string }) {
  const parts = useMemo(() => {
    const out: { text: string; hit: boolean }[] = [];
    let at = 0;
    for (const [start, end] of highlightRanges(text, query)) {
      if (start > at) out.push({ text: text.slice(at, start), hit: false });
      out.push({ text: text.slice(start, end), hit: true });
      at = end;
    }
    if (at < text.length) out.push({ text: text.slice(at), hit: false });
    return out;
  }, [text, query]);
  return (
    <>
      {parts.map((p, i) =>
        p.hit ? (
          <Box component="mark" key={i} sx={markSx} data-testid="search-mark">
            {p.text}
          </Box>
        ) : (
          <Fragment key={i}>{p.text}</Fragment>
        ),
      )}
    </>
  );
}
