import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { POST_LIMITS } from '@tribes/shared';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../app/locale-hooks';
import { LocaleLink } from '../../../components/locale-link';
import { fieldProps } from '../../../lib/form-field';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadMore } from '../../../components/load-more';
import { formatPostTime } from '../../../lib/post-time';
import { useCommentsSection } from '../use-comments-section';
import { MentionTextField } from './mention-field';
import { LangControl } from './lang-control';
import { TranslatableBody } from './translatable-body';
import { OutboxComments } from '../../../components/offline/outbox-comments';

interface Props {
  postId: string;
  tribeId: string | null;
  open: boolean;
}

/**
 * The comments of a post and a form to add one (which may @mention the members of the post's tribe).
 * Nothing of it runs until the comments are first opened: a feed of closed cards held a form, a
 * comments query and two mutations per card, set up on the first load; once opened it stays mounted,
 * so a draft survives closing and opening again.
 */
export function CommentsSection(props: Props) {
  return useOpenedOnce(props.open) ? <OpenedComments {...props} /> : null;
}

function OpenedComments({ postId, tribeId, open }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const c = useCommentsSection(postId, open);
  if (!open) return null;
  return (
    <Box id={`comments-${postId}`} sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5, mt: 1 }} data-testid="comments">
      {c.loading ? (
        <Stack spacing={1} role="status" aria-label={t('posts.common.loading')}>
          <Skeleton variant="text" width="60%" />
          <Skeleton variant="text" width="40%" />
        </Stack>
      ) : c.notSavedOffline ? (
        <Alert
          severity="info"
          data-testid="comments-offline"
          action={<Button onClick={c.retry}>{t('posts.common.retry')}</Button>}
        >
          {t('posts.comments.notSavedOffline')}
        </Alert>
      ) : c.failed ? (
        <Alert severity="error" action={<Button onClick={c.retry}>{t('posts.common.retry')}</Button>}>
          {t('posts.comments.failed')}
        </Alert>
      ) : c.comments.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('posts.comments.empty')}
        </Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={t('posts.comments.title')}>
          {c.comments.map((comment) => {
            const time = formatPostTime(comment.created_at, locale);
            return (
              <Stack component="li" key={comment.id} direction="row" spacing={1.25} alignItems="flex-start" data-testid="comment">
                <Avatar src={comment.author.avatar_url ?? undefined} alt="" sx={{ width: 32, height: 32, fontSize: '0.9rem' }}>
                  {comment.author.name.slice(0, 1).toUpperCase()}
                </Avatar>
                <Box sx={{ flexGrow: 1, minWidth: 0, bgcolor: 'action.hover', borderRadius: 2, px: 1.5, py: 1 }}>
                  <Stack direction="row" spacing={1} alignItems="baseline" useFlexGap sx={{ flexWrap: 'wrap' }}>
                    <LocaleLink
                      to={`/user-profile/${comment.author.id}`}
                      variant="body2"
                      sx={{ fontWeight: 700 }}
                      underline="hover"
                    >
                      <bdi>{comment.author.name}</bdi>
                    </LocaleLink>
                    <Typography
                      component="time"
                      dateTime={comment.created_at}
                      title={time.full}
                      variant="caption"
                      color="text.secondary"
                    >
                      {time.short}
                    </Typography>
                  </Stack>
                  <TranslatableBody
                    target="comments"
                    id={comment.id}
                    text={comment.body}
                    lang={comment.lang}
                    langControl={
                      comment.can_edit ? (
                        <LangControl
                          lang={comment.lang}
                          onChange={(lang) => c.setLang(comment.id, lang)}
                          pending={c.settingLang}
                        />
                      ) : undefined
                    }
                  />
                </Box>
                {comment.can_delete && (
                  <IconButton
                    size="small"
                    aria-label={t('posts.comments.delete')}
                    onClick={() => c.askRemove(comment.id)}
                    disabled={c.removing}
                  >
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                )}
              </Stack>
            );
          })}
        </Stack>
      )}
      <LoadMore hasMore={c.hasMore} loading={c.loadingMore} onMore={c.loadMore} />
      <OutboxComments postId={postId} />
      <Stack
        component="form"
        noValidate
        direction="row"
        spacing={1}
        alignItems="flex-start"
        onSubmit={c.onSubmit}
        sx={{ mt: 1.5 }}
        aria-label={t('posts.comments.add')}
      >
        <MentionTextField
          {...fieldProps(c.form, 'body')}
          tribeId={tribeId}
          onText={(text) => c.form.setValue('body', text, { shouldDirty: true })}
          id={`comment-body-${postId}`}
          label={t('posts.comments.label')}
          size="small"
          multiline
          htmlInput={{ dir: 'auto', maxLength: POST_LIMITS.commentMax, 'data-testid': 'comment-input' }}
        />
        <IconButton
          type="submit"
          color="primary"
          aria-label={t('posts.comments.send')}
          disabled={c.sending}
          data-testid="comment-submit"
          sx={(theme) => ({ mt: 0.5, transform: theme.direction === 'rtl' ? 'scaleX(-1)' : 'none' })}
        >
          <SendIcon />
        </IconButton>
      </Stack>
      <ConfirmDialog
        open={c.confirmOpen}
        title={t('posts.comments.deleteTitle')}
        body={t('posts.comments.deleteBody')}
        confirmLabel={t('posts.card.delete')}
        onConfirm={() => void c.confirmRemove()}
        onClose={c.closeRemove}
        pending={c.removing}
      />
    </Box>
  );
}
