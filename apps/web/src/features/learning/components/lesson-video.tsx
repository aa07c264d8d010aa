import OndemandVideoOutlinedIcon from '@mui/icons-material/OndemandVideoOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDataSaver } from '../../../lib/data-saver';
import { videoEmbed } from '../video-embed';

/**
 * A lesson's video: YouTube and Vimeo play in the page (a 16:9 frame that follows the width),
 * with a link to the video's own page under it; any other host is a link that opens it there.
 */
export function LessonVideo({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  const embed = videoEmbed(url);
  // The data saver defers the player (a megabyte or more before anything plays) until it is asked for.
  const saver = useDataSaver().on;
  const [asked, setAsked] = useState(false);
  let host = url;
  try {
    host = new URL(url).hostname.replace(/^www\./, '');
  } catch {
    /* shown as it is */
  }
  const link = (
    <Stack direction="row" spacing={1.5} alignItems="center">
      <OndemandVideoOutlinedIcon color="primary" aria-hidden />
      <Link href={url} target="_blank" rel="noopener noreferrer" data-testid="lesson-video" sx={{ fontWeight: 600 }}>
        {t('learning.lesson.watch', { host })}
      </Link>
    </Stack>
  );
  if (!embed)
    return (
      <Paper variant="outlined" sx={{ p: 2 }}>
        {link}
      </Paper>
    );
  return (
    <Stack spacing={1}>
      <Box
        sx={{
          position: 'relative',
          width: '100%',
          aspectRatio: '16 / 9',
          borderRadius: 1,
          overflow: 'hidden',
          bgcolor: 'grey.900',
        }}
      >
        {saver && !asked ? (
          <Stack
            spacing={1}
            alignItems="center"
            justifyContent="center"
            sx={{ position: 'absolute', inset: 0, p: 2, color: 'common.white' }}
          >
            <Typography variant="body2" textAlign="center">
              {t('learning.lesson.videoDeferred')}
            </Typography>
            <Button variant="contained" onClick={() => setAsked(true)} data-testid="lesson-video-load">
              {t('learning.lesson.videoLoad')}
            </Button>
          </Stack>
        ) : (
          <Box
            component="iframe"
            src={embed.src}
            title={t('learning.lesson.videoTitle', { title })}
            loading="lazy"
            allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
            data-testid="lesson-video-embed"
            sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
          />
        )}
      </Box>
      {link}
    </Stack>
  );
}
