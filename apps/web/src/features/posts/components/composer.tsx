import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import type { Post } from '@tribes/shared';
import { lazy, Suspense } from 'react';
import { useAfterFirstCommit } from '../../../lib/use-after-first-commit';

export interface Props {
  /** Post into this tribe (the tribe page's composer): no tribe picker. */
  fixedTribe?: { id: string };
  onPosted?(post: Post): void;
  /** A label for the form (landmark name). */
  label: string;
}

/**
 * The form's code (react-hook-form, the mention field, the tribe picker, 20 KB compressed) loaded when the form
 * mounts, not with the page (issue 42): the page and its first posts no longer wait for it.
 */
const ComposerForm = lazy(() => import('./composer-form').then((m) => ({ default: m.ComposerForm })));

/**
 * Writes a post: text, up to 4 photos with previews and alt text, a tribe of mine or public, tribe-only.
 * The form mounts a commit after the page (`useAfterFirstCommit`): its form state and its select set state in
 * their layout effects, which, in the page's first commit, made the whole page's effects and a second render
 * run in the task that shows the page. Until then, and until its code has arrived, a placeholder holds the
 * form's place.
 */
export function Composer(props: Props) {
  const after = useAfterFirstCommit();
  const placeholder = <ComposerPlaceholder fixed={Boolean(props.fixedTribe)} />;
  return after ? (
    <Suspense fallback={placeholder}>
      <ComposerForm {...props} />
    </Suspense>
  ) : (
    placeholder
  );
}

/**
 * The form's height before it mounts, measured in the five languages (Chromium, 360-1440 px): one column of
 * controls on phones, one row from `sm`. Its labels must stay on one line at every width (the tribe-only
 * switch's is short, and names no tribe, for that). The browser test "the composer takes its placeholder's
 * place" fails when these and the form part ways.
 */
export const COMPOSER_PLACEHOLDER_HEIGHT = { feed: { xs: 304, sm: 215 }, tribe: { xs: 302, sm: 213 } } as const;

function ComposerPlaceholder({ fixed }: { fixed: boolean }) {
  const height = COMPOSER_PLACEHOLDER_HEIGHT[fixed ? 'tribe' : 'feed'];
  return (
    <Paper
      variant="outlined"
      aria-busy="true"
      data-testid="composer-placeholder"
      sx={{ p: { xs: 1.5, sm: 2 }, minHeight: height, boxSizing: 'border-box' }}
    >
      <Skeleton variant="rounded" height={103} />
    </Paper>
  );
}
