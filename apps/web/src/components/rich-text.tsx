import Box from '@mui/material/Box';

/**
 * Text the server rendered from Markdown and sanitised (an allowlist of tags, http(s)/mailto links
 * only): a lesson's body, a campaign's story or update. Only that HTML is ever rendered: the client
 * never turns Markdown into HTML itself.
 */
export function RichText({ html, testId }: { html: string; testId?: string }) {
  return (
    <Box
      dir="auto"
      data-testid={testId}
      sx={{
        typography: 'body1',
        lineHeight: 1.7,
        overflowWrap: 'anywhere',
        '& h1, & h2, & h3, & h4': { fontWeight: 700, lineHeight: 1.3, mt: 3, mb: 1 },
        '& h1': { fontSize: '1.6rem' },
        '& h2': { fontSize: '1.35rem' },
        '& h3': { fontSize: '1.15rem' },
        '& img': { maxWidth: '100%', height: 'auto', borderRadius: 1 },
        '& pre': { overflowX: 'auto', p: 2, borderRadius: 1, bgcolor: 'action.hover' },
        '& code': { fontFamily: 'monospace', fontSize: '0.92em' },
        '& blockquote': { m: 0, px: 2, borderInlineStart: 4, borderColor: 'divider', color: 'text.secondary' },
        '& table': { borderCollapse: 'collapse', display: 'block', overflowX: 'auto' },
        '& th, & td': { border: 1, borderColor: 'divider', px: 1, py: 0.5 },
        '& a': { color: 'primary.main', textDecoration: 'underline' },
      }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** The plain text of server-rendered HTML (for a two-line excerpt on a card). */
export function plainText(html: string): string {
  if (typeof DOMParser === 'undefined') return html.replace(/<[^>]*>/g, ' ');
  return (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
