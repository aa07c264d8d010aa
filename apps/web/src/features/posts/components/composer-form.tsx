import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import MuiTextField from '@mui/material/TextField';
import { POST_LIMITS } from '@tribes/shared';
import { useId, useRef } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/inputs/text-field';
import { fieldProps } from '../../../lib/form-field';
import { useAfterMainContent } from '../../../lib/main-content';
import { useComposer } from '../use-composer';
import { useMyTribes } from '../../../lib/session/use-my-tribes';
import { MentionTextField } from './mention-field';

import { COMPOSER_PLACEHOLDER_HEIGHT, type Props } from './composer';

/** The composer's form (see `Composer`, which mounts it). */
export function ComposerForm({ fixedTribe, onPosted, label }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const c = useComposer({ fixedTribeId: fixedTribe?.id, onPosted });
  const tribes = useMyTribes();
  const fileInput = useRef<HTMLInputElement>(null);
  const errors = c.form.formState.errors;
  const tribeError = errors.tribe_id?.message;
  // The row of controls a task after the text field and the page's first posts (Preact draws a tree in one task;
  // issue 42), the form holding the placeholder's height meanwhile so nothing below it moves.
  const controls = useAfterMainContent();
  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      onSubmit={c.onSubmit}
      aria-label={label}
      sx={{
        p: { xs: 1.5, sm: 2 },
        boxSizing: 'border-box',
        minHeight: controls ? undefined : COMPOSER_PLACEHOLDER_HEIGHT[fixedTribe ? 'tribe' : 'feed'],
      }}
      data-testid="composer"
    >
      <Stack spacing={2}>
        <MentionTextField
          {...fieldProps(c.form, 'body', t('posts.common.count', { length: c.bodyLength, max: POST_LIMITS.bodyMax }))}
          tribeId={c.tribeId}
          onText={c.setBody}
          id={`${id}-body`}
          label={t('posts.composer.label')}
          multiline
          minRows={3}
          htmlInput={{ dir: 'auto', maxLength: POST_LIMITS.bodyMax, 'data-testid': 'composer-body' }}
        />
        {c.images.length > 0 && (
          <Box
            component="ul"
            aria-label={t('posts.composer.photos')}
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
          >
            {c.images.map((img, i) => (
              <Stack component="li" key={img.url} spacing={1} data-testid="composer-image">
                <Box sx={{ position: 'relative' }}>
                  <Box
                    component="img"
                    src={img.url}
                    alt={img.alt || t('posts.composer.preview', { n: i + 1 })}
                    sx={{ width: '100%', height: 140, objectFit: 'cover', borderRadius: 1, display: 'block' }}
                  />
                  <IconButton
                    size="small"
                    aria-label={t('posts.composer.remove', { n: i + 1 })}
                    onClick={() => c.removeImage(i)}
                    sx={{
                      position: 'absolute',
                      top: 4,
                      insetInlineEnd: 4,
                      bgcolor: 'background.paper',
                      '&:hover': { bgcolor: 'background.paper' },
                    }}
                    data-testid="composer-remove-image"
                  >
                    <CloseIcon fontSize="small" />
                  </IconButton>
                </Box>
                <TextField
                  id={`${id}-alt-${i}`}
                  label={t('posts.composer.alt', { n: i + 1 })}
                  size="small"
                  value={img.alt}
                  onChange={(e) => c.setAlt(i, e.target.value)}
                  error={Boolean(errors.alt?.[i]?.message)}
                  helperText={errors.alt?.[i]?.message ?? t('posts.composer.altHelp')}
                  htmlInput={{ dir: 'auto', maxLength: POST_LIMITS.altMax, 'data-testid': `composer-alt-${i}` }}
                />
              </Stack>
            ))}
          </Box>
        )}
        {c.imageError && (
          <Alert severity="warning" role="alert" data-testid="composer-image-error">
            {c.imageError}
          </Alert>
        )}
        {controls && (
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            alignItems={{ xs: 'stretch', sm: 'center' }}
            useFlexGap
            sx={{ flexWrap: 'wrap' }}
          >
            <input
              ref={fileInput}
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
              multiple
              hidden
              aria-label={t('posts.composer.addPhotos')}
              data-testid="composer-files"
              onChange={(e) => {
                if (e.target.files) void c.addFiles(e.target.files);
                e.target.value = '';
              }}
            />
            <Button
              variant="outlined"
              startIcon={<AddPhotoAlternateOutlinedIcon />}
              onClick={() => fileInput.current?.click()}
              disabled={!c.canAddImages}
              data-testid="composer-add-photos"
            >
              {t('posts.composer.addPhotosCount', { count: c.images.length, max: POST_LIMITS.maxImages })}
            </Button>
            {!fixedTribe && (
              <Controller
                control={c.form.control}
                name="tribe_id"
                render={({ field }) => (
                  <MuiTextField
                    select
                    size="small"
                    id={`${id}-tribe`}
                    label={t('posts.composer.audience')}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={Boolean(tribeError)}
                    helperText={tribeError}
                    fullWidth={false}
                    sx={{ minWidth: 220, maxWidth: '100%' }}
                    slotProps={{
                      htmlInput: { 'data-testid': 'composer-tribe' },
                      inputLabel: { shrink: true },
                      select: { displayEmpty: true },
                    }}
                  >
                    <MenuItem value="">{t('posts.composer.public')}</MenuItem>
                    {(tribes.data ?? []).map((tr) => (
                      <MenuItem key={tr.id} value={tr.id}>
                        <bdi>{tr.name}</bdi>
                      </MenuItem>
                    ))}
                  </MuiTextField>
                )}
              />
            )}
            {c.hasTribe && (
              <Controller
                control={c.form.control}
                name="tribe_only"
                render={({ field }) => (
                  <FormControlLabel
                    control={
                      <Switch
                        checked={field.value}
                        onChange={(e) => field.onChange(e.target.checked)}
                        slotProps={{ input: { 'data-testid': 'composer-tribe-only' } as object }}
                      />
                    }
                    // Short in every language, and without the tribe's name: a longer label wrapped at some widths
                    // (French from 360 px), and the form outgrew its placeholder.
                    label={t('posts.composer.tribeOnly')}
                  />
                )}
              />
            )}
            <Button
              type="submit"
              variant="contained"
              disabled={c.pending}
              sx={{ marginInlineStart: { sm: 'auto' } }}
              data-testid="composer-submit"
            >
              {c.pending ? t('posts.common.pleaseWait') : t('posts.composer.submit')}
            </Button>
          </Stack>
        )}
        {errors.tribe_only?.message && <FormHelperText error>{errors.tribe_only.message}</FormHelperText>}
      </Stack>
    </Paper>
  );
}
