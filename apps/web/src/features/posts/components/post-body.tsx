import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { PostToken } from '@tribes/shared';
import { Fragment, useMemo } from 'react';
import { LocaleLink } from '../../../components/locale-link';
import { hashtagPath, postParagraphs } from '../post-paragraphs';

function Token({ token }: { token: PostToken }) {
  switch (token.type) {
    case 'text':
      return <>{token.value}</>;
    case 'link':
      return (
        <Link href={token.href} target="_blank" rel="noopener noreferrer nofollow ugc" sx={{ wordBreak: 'break-all' }}>
          <bdi dir="ltr">{token.value}</bdi>
        </Link>
      );
    case 'hashtag':
      return (
        <LocaleLink to={hashtagPath(token.tag)} data-testid="hashtag">
          <bdi>{token.value}</bdi>
        </LocaleLink>
      );
    case 'mention':
      return (
        <LocaleLink to={`/explore?q=${encodeURIComponent(token.name)}`} data-testid="mention">
          <bdi>{token.value}</bdi>
        </LocaleLink>
      );
  }
}

/**
 * A post's text: links, #hashtags and @mentions from the shared tokenizer; each paragraph is its own
 * dir="auto" block so an Arabic or Hebrew paragraph reads right to left beside a Latin one, and each of its
 * lines (unicode-bidi: plaintext) so "שלום?\nWho is joining?" keeps its question mark at the end of each line.
 */
export function PostBody({ text }: { text: string }) {
  const paragraphs = useMemo(() => postParagraphs(text), [text]);
  return (
    <>
      {paragraphs.map((tokens, i) => (
        <Typography
          key={i}
          component="p"
          dir="auto"
          // plaintext: each line of a paragraph (a single line break) takes its own direction too.
          sx={{
            whiteSpace: 'pre-line',
            unicodeBidi: 'plaintext',
            textAlign: 'start',
            overflowWrap: 'anywhere',
            mb: i < paragraphs.length - 1 ? 1.25 : 0,
          }}
          data-testid="post-paragraph"
        >
          {tokens.map((token, j) => (
            <Fragment key={j}>
              <Token token={token} />
            </Fragment>
          ))}
        </Typography>
      ))}
    </>
  );
}
