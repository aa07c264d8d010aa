import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { LEARNING_LIMITS, type Lesson } from '@tribes/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/inputs/text-field';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useLessonPreview } from '../api';
import { nestedFieldProps } from '../form-field';
import { useLessonForm } from '../use-lesson-form';
import { LessonBody } from './lesson-body';
import { LessonVideo } from './lesson-video';

/** How long the text must rest before the preview asks the server again. */
export const PREVIEW_DEBOUNCE_MS = 400;

/**
 * The Preview tab: the server's own rendering of the text being written (POST /v1/lessons/preview,
 * the same Markdown renderer and sanitiser learners get), asked for while the tab is open and the
 * text has rested; nothing renders Markdown on the client. The video shows as it will on the lesson.
 */
function LessonPreviewPanel({ markdown, video, title, open }: { markdown: string; video: string; title: string; open: boolean }) {
  const { t } = useTranslation();
  const rested = useDebouncedValue(markdown, PREVIEW_DEBOUNCE_MS);
  // Only text that has rested is sent: no request for a half-typed word or for text already replaced.
  const preview = useLessonPreview(rested, open && rested === markdown);
  const blank = markdown.trim() === '';
  const updating = !blank && (rested !== markdown || preview.isFetching);
  const videoUrl = video.trim();
  return (
    <Stack spacing={2} aria-busy={updating}>
      {videoUrl.startsWith('https://') && <LessonVideo url={videoUrl} title={title.trim() || t('learning.lessonForm.preview')} />}
      {blank ? (
        <Typography color="text.secondary">{t('learning.lessonForm.previewEmpty')}</Typography>
      ) : preview.isError && !updating ? (
        <Alert
          severity="warning"
          data-testid="lesson-preview-error"
          action={
            <Button color="inherit" size="small" onClick={() => void preview.refetch()}>
              {t('learning.lessonForm.previewRetry')}
            </Button>
          }
        >
          {t('learning.lessonForm.previewError')}
        </Alert>
      ) : preview.data === undefined ? (
        <Box aria-label={t('learning.lessonForm.previewLoading')} role="progressbar" data-testid="lesson-preview-loading">
          <Skeleton width="60%" height={36} />
          <Skeleton />
          <Skeleton />
          <Skeleton width="80%" />
        </Box>
      ) : (
        <Box sx={{ position: 'relative' }}>
          {updating && (
            <LinearProgress
              aria-label={t('learning.lessonForm.previewLoading')}
              sx={{ position: 'absolute', insetInline: 0, top: -8, height: 2 }}
            />
          )}
          {preview.data ? (
            <LessonBody html={preview.data} />
          ) : (
            <Typography color="text.secondary">{t('learning.lessonForm.previewEmpty')}</Typography>
          )}
        </Box>
      )}
    </Stack>
  );
}

/**
 * Writing a lesson: title, video address, and the Markdown body with a live preview rendered by
 * the server before anything is saved (in the add-lesson dialog as on the lesson page).
 */
export function LessonEditor({
  courseId,
  lesson,
  onSaved,
  onCancel,
  submitLabel,
}: {
  courseId: string;
  lesson?: Lesson;
  onSaved(l: Lesson): void;
  onCancel?(): void;
  submitLabel?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const { form, onSubmit, pending } = useLessonForm({ courseId, lesson, onSaved });
  const [body, video, title] = form.watch(['body_markdown', 'video_url', 'title']);
  const dirty = form.formState.isDirty;
  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5} data-testid="lesson-editor">
      <TextField
        {...nestedFieldProps(form, 'title')}
        label={t('learning.lessonForm.title')}
        required
        htmlInput={{ dir: 'auto', maxLength: LEARNING_LIMITS.titleMax }}
      />
      <TextField
        {...nestedFieldProps(form, 'video_url', t('learning.lessonForm.videoHelp'))}
        label={t('learning.lessonForm.video')}
        type="url"
        htmlInput={{ dir: 'ltr', inputMode: 'url' }}
      />
      <Box>
        <Tabs value={tab} onChange={(_e, v: 'write' | 'preview') => setTab(v)} aria-label={t('learning.lessonForm.bodyTabs')}>
          <Tab value="write" label={t('learning.lessonForm.write')} id={`${id}-write`} aria-controls={`${id}-write-panel`} />
          <Tab
            value="preview"
            label={t('learning.lessonForm.preview')}
            id={`${id}-preview`}
            aria-controls={`${id}-preview-panel`}
            data-testid="lesson-preview-tab"
          />
        </Tabs>
        <Box role="tabpanel" id={`${id}-write-panel`} aria-labelledby={`${id}-write`} hidden={tab !== 'write'} sx={{ pt: 2 }}>
          <TextField
            {...nestedFieldProps(
              form,
              'body_markdown',
              t('learning.lessonForm.bodyHelp', { length: body.length, max: LEARNING_LIMITS.bodyMax }),
            )}
            label={t('learning.lessonForm.body')}
            multiline
            minRows={8}
            htmlInput={{ dir: 'auto', maxLength: LEARNING_LIMITS.bodyMax }}
          />
        </Box>
        <Box
          role="tabpanel"
          id={`${id}-preview-panel`}
          aria-labelledby={`${id}-preview`}
          hidden={tab !== 'preview'}
          sx={{ pt: 2 }}
          data-testid="lesson-preview"
        >
          <LessonPreviewPanel markdown={body} video={video} title={title} open={tab === 'preview'} />
        </Box>
      </Box>
      <Stack direction="row" spacing={1} justifyContent="flex-end">
        {onCancel && (
          <Button onClick={onCancel} disabled={pending}>
            {t(dirty ? 'learning.common.cancel' : 'learning.common.close')}
          </Button>
        )}
        <Button type="submit" variant="contained" disabled={pending} data-testid="lesson-save">
          {pending ? t('learning.common.saving') : (submitLabel ?? t('learning.common.save'))}
        </Button>
      </Stack>
    </Stack>
  );
}
