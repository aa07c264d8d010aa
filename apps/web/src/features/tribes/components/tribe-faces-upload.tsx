import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tribesEndpoints as endpoints, type Tribe } from '@tribes/shared';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api';
import { ApiError } from '../../../lib/api-client';
import { tribeKeys } from '../api';
import { Img, TribeLogo } from './tribe-faces';
import { visuallyHidden } from '../../../lib/visually-hidden';

type Kind = 'cover' | 'logo';

/** The server's limit (POST_LIMITS.imageMaxBytes): a larger file is refused here, before it is sent. */
const MAX_BYTES = 10 * 1024 * 1024;
/** The formats the server takes (core/images.ts); the browser's picker offers these. */
const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

/**
 * POST /v1/tribes/{id}/cover|logo with the file as multipart. The answer's tribe replaces every cached read of
 * this tribe at once, then tribe reads and the map refetch.
 */
function useUploadFace(tribe: Tribe, kind: Kind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, onField }: { file: File; onField: (message: string) => void }) => {
      const form = new FormData();
      form.append(kind, file, file.name);
      const answer = await api.call(
        endpoints[kind],
        { params: { id: tribe.id }, form },
        {
          quietStatuses: [413, 415],
          onFieldErrors: (errors) => {
            const message = errors[kind]?.[0];
            if (!message) return false;
            onField(message);
            return true;
          },
        },
      );
      return answer.data.tribe;
    },
    onSuccess: (updated) => {
      // The page reads the tribe by its id or its slug (as the URL has it): both show the new picture now.
      for (const ref of [tribe.id, tribe.slug]) {
        if (client.getQueryData(tribeKeys.detail(ref))) client.setQueryData(tribeKeys.detail(ref), updated);
      }
      void client.invalidateQueries({ queryKey: tribeKeys.all });
      void client.invalidateQueries({ queryKey: tribeKeys.map });
    },
  });
}

/** One picture: its current state, a chosen file previewed in the frame the server will crop to, and its upload. */
function FaceField({ tribe, kind }: { tribe: Tribe; kind: Kind }) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadFace(tribe, kind);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = kind === 'cover' ? tribe.cover_url : tribe.logo_url;
  const K = kind === 'cover' ? 'Cover' : 'Logo';

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const picked = e.target.files?.[0] ?? null;
    e.target.value = '';
    if (!picked) return;
    setError(null);
    if (picked.size > MAX_BYTES) {
      setFile(null);
      setError(t('tribes.faces.tooLarge'));
      return;
    }
    setFile(picked);
  };

  const save = () => {
    if (!file) return;
    setError(null);
    upload.mutate(
      { file, onField: setError },
      {
        onSuccess: () => setFile(null),
        onError: (err) => {
          if (!(err instanceof ApiError)) return;
          if (err.status === 413 || err.status === 415) setError(err.message);
          // A refused picture: the choice is offered again, the reason stays under it.
          if (err.status === 400 || err.status === 413 || err.status === 415) setFile(null);
        },
      },
    );
  };

  const shown = preview ?? current;
  const frame =
    kind === 'cover'
      ? { width: '100%', maxWidth: 600, aspectRatio: '3 / 1' }
      : { width: { xs: 128, sm: 160 }, aspectRatio: '1 / 1' };
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;

  return (
    <Stack spacing={1.5} component="section" aria-labelledby={`${id}-title`} data-testid={`face-${kind}`}>
      <Typography variant="h3" component="h3" id={`${id}-title`} sx={{ fontSize: '1.1rem', fontWeight: 700 }}>
        {t(`tribes.faces.${kind}`)}
      </Typography>
      <Box
        sx={{
          ...frame,
          position: 'relative',
          overflow: 'hidden',
          borderRadius: 1,
          border: 1,
          borderColor: preview ? 'primary.main' : 'divider',
          borderStyle: preview ? 'solid' : 'dashed',
          bgcolor: 'action.hover',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        {shown ? (
          <Img
            src={shown}
            alt={
              preview
                ? t(`tribes.faces.preview${K}`)
                : t(kind === 'cover' ? 'tribes.faces.coverAlt' : 'tribes.faces.logoAlt', { name: tribe.name })
            }
            width={kind === 'cover' ? 1500 : 512}
            height={kind === 'cover' ? 500 : 512}
            decoding="async"
            data-testid={`face-${kind}-image`}
            // The server crops around the centre to this frame: object-fit shows exactly what it keeps.
            sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', objectPosition: 'center' }}
          />
        ) : kind === 'logo' ? (
          <TribeLogo tribe={tribe} size={96} />
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ p: 2, textAlign: 'center' }}>
            {t('tribes.faces.noCover')}
          </Typography>
        )}
      </Box>
      {preview && (
        <Typography variant="body2" color="text.secondary">
          {t(`tribes.faces.previewNote${K}`)}
        </Typography>
      )}
      {upload.isPending && <LinearProgress aria-label={t('tribes.faces.uploading')} />}
      {/* The browser's file picker, opened by the button: hidden from everyone (the button is the control). */}
      <Box
        component="input"
        ref={input}
        type="file"
        accept={ACCEPT}
        onChange={choose}
        tabIndex={-1}
        aria-hidden="true"
        data-testid={`face-${kind}-input`}
        sx={visuallyHidden}
      />
      <Stack useFlexGap direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {file ? (
          <>
            <Button variant="contained" onClick={save} disabled={upload.isPending} data-testid={`face-${kind}-save`}>
              {upload.isPending ? t('tribes.faces.uploading') : t(`tribes.faces.save${K}`)}
            </Button>
            <Button
              onClick={() => {
                setFile(null);
                setError(null);
              }}
              disabled={upload.isPending}
            >
              {t('tribes.common.cancel')}
            </Button>
          </>
        ) : (
          <Button
            variant="outlined"
            startIcon={<PhotoCameraOutlinedIcon />}
            onClick={() => input.current?.click()}
            aria-describedby={error ? `${errorId} ${helpId}` : helpId}
            sx={{ minHeight: 44 }}
            data-testid={`face-${kind}-choose`}
          >
            {t(current ? `tribes.faces.replace${K}` : `tribes.faces.choose${K}`)}
          </Button>
        )}
      </Stack>
      {error && (
        <FormHelperText error id={errorId} role="alert" data-testid={`face-${kind}-error`}>
          {error}
        </FormHelperText>
      )}
      <FormHelperText id={helpId}>{t(`tribes.faces.help${K}`)}</FormHelperText>
    </Stack>
  );
}

/** Tribe settings → details, for leaders: the cover (3:1) and the logo (1:1), each previewed as it will be cropped. */
export function TribeFacesUpload({ tribe }: { tribe: Tribe }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} data-testid="tribe-faces">
      <Stack spacing={2.5}>
        <Stack spacing={0.5}>
          <Typography variant="h2" component="h2" sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
            {t('tribes.faces.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('tribes.faces.intro')}
          </Typography>
        </Stack>
        <FaceField tribe={tribe} kind="cover" />
        <FaceField tribe={tribe} kind="logo" />
      </Stack>
    </Paper>
  );
}
