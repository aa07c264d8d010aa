import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { LEARNING_LIMITS, type Lesson } from '@tribes/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/inputs/text-field';
import { nestedFieldProps } from '../form-field';
import { useLessonForm } from '../use-lesson-form';
import { LessonBody } from './lesson-body';

/**
 * Writing a lesson: title, video address, and the Markdown body with a preview. The preview is the
 * server's own rendering (the same Markdown parser and sanitiser learners get), so a draft is saved
 * before it is previewed; nothing renders Markdown on the client.
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
  const [saved, setSaved] = useState<Lesson | undefined>(lesson);
  const { form, onSubmit, pending } = useLessonForm({
    courseId,
    lesson,
    onSaved: (l) => {
      setSaved(l);
      onSaved(l);
    },
  });
  const body = form.watch('body_markdown');
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
          {(dirty || !saved) && (
            <Alert
              severity="info"
              sx={{ mb: 2 }}
              action={
                <Button type="submit" color="inherit" size="small" disabled={pending} data-testid="lesson-save-preview">
                  {t('learning.lessonForm.saveToPreview')}
                </Button>
              }
            >
              {t(saved ? 'learning.lessonForm.previewStale' : 'learning.lessonForm.previewNew')}
            </Alert>
          )}
          {saved &&
            (saved.body_html ? (
              <LessonBody html={saved.body_html} />
            ) : (
              <Typography color="text.secondary">{t('learning.lessonForm.previewEmpty')}</Typography>
            ))}
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
