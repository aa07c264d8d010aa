import BookmarkBorderIcon from '@mui/icons-material/BookmarkBorder';
import BookmarkIcon from '@mui/icons-material/Bookmark';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutline';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import FavoriteIcon from '@mui/icons-material/Favorite';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Post } from '@tribes/shared';
import { useTranslation } from 'react-i18next';
import { memo, Suspense, useEffect } from 'react';
import { useLocale } from '../../../app/locale-hooks';
import { LocaleLink } from '../../../components/locale-link';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatPostTime } from '../../../lib/post-time';
import { usePostCard } from '../use-post-card';
import { LangControl } from './lang-control';
import { TranslatableBody } from './translatable-body';
import { PostImages } from './post-images';
import { PostMenu } from './post-menu';
import { Hint } from '../../../components/hint';
import { lazyPart } from '../../../lib/lazy-part';
import { useOpenedOnce } from '../../../lib/use-opened-once';

/**
 * What a tap opens, loaded then (issue 42: /home's first visit loaded every card's comments, their form and
 * the edit and report dialogs, with react-hook-form, before anyone asked). The reading pages' code fetched
 * ahead for a signed-in member includes them; offline on a device that never loaded them, the comments say
 * they are not saved for offline (as their data would) and a dialog closes.
 */
const CommentsSection = lazyPart<{ postId: string; tribeId: string | null; open: boolean }>(
  () => import('./comments-section').then((m) => m.CommentsSection),
  function CommentsNotSaved({ postId, open }: { postId: string; open: boolean }) {
    const { t } = useTranslation();
    if (!open) return null;
    return (
      <Alert id={`comments-${postId}`} severity="info" data-testid="comments-offline" sx={{ mt: 1 }}>
        {t('posts.comments.notSavedOffline')}
      </Alert>
    );
  },
);
function DialogNotSaved({ onClose }: { onClose(): void }) {
  useEffect(() => onClose(), [onClose]);
  return null;
}
const ReportDialog = lazyPart(() => import('./post-dialogs').then((m) => m.ReportDialog), DialogNotSaved);
const EditPostDialog = lazyPart(() => import('./post-dialogs').then((m) => m.EditPostDialog), DialogNotSaved);

/** The comments' place while their code arrives: what they show while their first page loads. */
function CommentsLoading({ postId }: { postId: string }) {
  const { t } = useTranslation();
  return (
    <Box id={`comments-${postId}`} sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5, mt: 1 }}>
      <Stack spacing={1} role="status" aria-label={t('posts.common.loading')}>
        <Skeleton variant="text" width="60%" />
        <Skeleton variant="text" width="40%" />
      </Stack>
    </Box>
  );
}

/** A hidden post in a list: a short line with a way back. */
function HiddenPost({ onUndo }: { onUndo(): void }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="post-hidden">
      <Stack direction="row" spacing={2} alignItems="center" justifyContent="space-between" useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Typography color="text.secondary">{t('posts.card.hiddenNotice')}</Typography>
        <Button onClick={onUndo} data-testid="post-unhide">
          {t('posts.card.unhide')}
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * One post: author, tribe, time, text, photos; like, comment, favourite; a menu for the rest.
 * Memoised: when a list re-renders (a like, a new post on top, the next page), the cards whose post
 * is the same object in the query cache (TanStack Query keeps unchanged ones) are not rendered again.
 */
export const PostCard = memo(function PostCard({ post, showHidden = false }: { post: Post; showHidden?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const card = usePostCard(post);
  const deleteAsked = useOpenedOnce(card.dialog === 'delete');
  const commentsAsked = useOpenedOnce(card.commentsOpen);
  if (post.hidden && !showHidden) return <HiddenPost onUndo={() => card.setHidden(false)} />;
  const time = formatPostTime(post.created_at, locale);
  const authorPath = `/user-profile/${post.author.id}`;
  return (
    <Paper
      component="article"
      variant="outlined"
      sx={{ p: { xs: 1.5, sm: 2 } }}
      aria-labelledby={`post-${post.id}-author`}
      data-testid="post-card"
      data-post={post.id}
    >
      <Stack direction="row" spacing={1.5} alignItems="flex-start">
        <Avatar src={post.author.avatar_url ?? undefined} alt="" sx={{ width: 44, height: 44 }}>
          {post.author.name.slice(0, 1).toUpperCase()}
        </Avatar>
        <Stack sx={{ flexGrow: 1, minWidth: 0 }}>
          <LocaleLink
            to={authorPath}
            id={`post-${post.id}-author`}
            underline="hover"
            sx={{ fontWeight: 700, color: 'text.primary' }}
            data-testid="post-author"
          >
            <bdi>{post.author.name}</bdi>
          </LocaleLink>
          <Stack
            direction="row"
            alignItems="center"
            useFlexGap
            sx={{ flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.25, color: 'text.secondary' }}
          >
            {post.tribe && (
              <>
                <LocaleLink
                  to={`/tribes/${encodeURIComponent(post.tribe.slug)}`}
                  variant="body2"
                  color="inherit"
                  underline="hover"
                  // A tap target of at least 24 px (WCAG 2.2 target size), like the author's name above.
                  sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 24 }}
                >
                  <bdi>{post.tribe.name}</bdi>
                </LocaleLink>
              </>
            )}
            <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
              <time dateTime={post.created_at} title={time.full}>
                {time.short}
              </time>
            </Typography>
            {post.edited_at && (
              <Typography variant="body2" component="span">
                · {t('posts.card.edited')}
              </Typography>
            )}
            {post.visibility === 'tribe' && (
              <Hint title={t('posts.card.tribeOnly')}>
                <LockOutlinedIcon sx={{ fontSize: 16 }} aria-label={t('posts.card.tribeOnly')} role="img" />
              </Hint>
            )}
          </Stack>
        </Stack>
        <PostMenu post={post} onAction={card.open} onHide={() => card.setHidden(!post.hidden)} />
      </Stack>
      <Stack spacing={1.5} sx={{ mt: 1.5 }}>
        {post.body && (
          <div data-testid="post-body">
            <TranslatableBody
              target="posts"
              id={post.id}
              text={post.body}
              lang={post.lang}
              langControl={
                post.can_edit ? <LangControl lang={post.lang} onChange={card.setLang} pending={card.settingLang} /> : undefined
              }
            />
          </div>
        )}
        <PostImages images={post.images} />
      </Stack>
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
        <Button
          onClick={card.toggleLike}
          aria-pressed={post.liked}
          aria-label={t('posts.card.likeLabel', { count: post.like_count })}
          startIcon={post.liked ? <FavoriteIcon color="error" /> : <FavoriteBorderIcon />}
          color="inherit"
          data-testid="like-button"
        >
          <span aria-hidden data-testid="like-count">
            {post.like_count}
          </span>
        </Button>
        <Button
          onClick={card.toggleComments}
          aria-expanded={card.commentsOpen}
          aria-controls={card.commentsOpen ? `comments-${post.id}` : undefined}
          aria-label={t('posts.card.commentsLabel', { count: post.comment_count })}
          startIcon={<ChatBubbleOutlineIcon />}
          color="inherit"
          data-testid="comments-button"
        >
          <span aria-hidden>{post.comment_count}</span>
        </Button>
        <Hint title={post.favourited ? t('posts.card.unfavourite') : t('posts.card.favourite')}>
          <IconButton
            onClick={card.toggleFavourite}
            aria-pressed={post.favourited}
            aria-label={t('posts.card.favourite')}
            data-testid="favourite-button"
            sx={{ marginInlineStart: 'auto' }}
          >
            {post.favourited ? <BookmarkIcon color="primary" /> : <BookmarkBorderIcon />}
          </IconButton>
        </Hint>
      </Stack>
      {commentsAsked && (
        <Suspense fallback={card.commentsOpen ? <CommentsLoading postId={post.id} /> : null}>
          <CommentsSection postId={post.id} tribeId={post.tribe?.id ?? null} open={card.commentsOpen} />
        </Suspense>
      )}
      {(card.dialog === 'report' || card.dialog === 'edit') && (
        <Suspense fallback={null}>
          {card.dialog === 'report' && <ReportDialog postId={post.id} open onClose={card.close} />}
          {card.dialog === 'edit' && <EditPostDialog postId={post.id} body={post.body} open onClose={card.close} />}
        </Suspense>
      )}
      {deleteAsked && (
        <ConfirmDialog
          open={card.dialog === 'delete'}
          title={t('posts.delete.title')}
          body={post.can_edit ? t('posts.delete.body') : t('posts.delete.bodyModerator', { name: post.author.name })}
          confirmLabel={t('posts.delete.confirm')}
          onConfirm={() => void card.confirmDelete()}
          onClose={card.close}
          pending={card.deleting}
        />
      )}
    </Paper>
  );
});
