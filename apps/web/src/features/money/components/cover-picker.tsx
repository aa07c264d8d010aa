import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** An optional cover image: pick one, see it before sending, change or remove it. */
export function CoverPicker({
  previewUrl,
  error,
  onPick,
  onClear,
}: {
  previewUrl: string | null;
  error: string | undefined;
  onPick: (file: File | undefined) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  return (
    <Stack spacing={1} component="fieldset" sx={{ border: 0, p: 0, m: 0 }} aria-describedby="campaign-cover-help">
      <Typography component="legend" sx={{ fontWeight: 700, mb: 1 }}>
        {t('money.create.cover')}
      </Typography>
      {previewUrl && (
        <Box
          component="img"
          src={previewUrl}
          alt={t('money.create.coverPreview')}
          data-testid="campaign-cover-preview"
          sx={{ width: '100%', maxWidth: 480, aspectRatio: '2 / 1', objectFit: 'cover', borderRadius: 1, display: 'block' }}
        />
      )}
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
        hidden
        aria-label={t('money.create.coverChoose')}
        data-testid="campaign-cover-file"
        onChange={(e) => {
          onPick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<AddPhotoAlternateOutlinedIcon />} onClick={() => input.current?.click()}>
          {previewUrl ? t('money.create.coverChange') : t('money.create.coverChoose')}
        </Button>
        {previewUrl && (
          <Button color="error" startIcon={<DeleteOutlineIcon />} onClick={onClear} data-testid="campaign-cover-remove">
            {t('money.create.coverRemove')}
          </Button>
        )}
      </Stack>
      <Typography
        id="campaign-cover-help"
        variant="body2"
        color={error ? 'error' : 'text.secondary'}
        role={error ? 'alert' : undefined}
        data-testid="campaign-cover-help"
      >
        {error ?? t('money.create.coverHelp')}
      </Typography>
    </Stack>
  );
}
