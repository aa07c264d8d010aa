import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ContentSnapshot } from '@tribes/shared';
import { useTranslation } from 'react-i18next';

/** The reported or acted-on content as it was at the time (a copy: later edits do not change it). */
export function SnapshotView({ snapshot }: { snapshot: ContentSnapshot | null }) {
  const { t } = useTranslation();
  if (!snapshot)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('admin.snapshot.none')}
      </Typography>
    );
  return (
    <Box
      component="blockquote"
      data-testid="snapshot"
      sx={{ m: 0, p: 1.5, borderInlineStart: 4, borderColor: 'divider', bgcolor: 'action.hover', borderRadius: 1 }}
    >
      <Typography variant="caption" color="text.secondary" component="p">
        {t(`admin.targetType.${snapshot.type}`)}
        {snapshot.author && (
          <>
            {' · '}
            <bdi>{snapshot.author.name}</bdi>
          </>
        )}
      </Typography>
      {snapshot.title && (
        <Typography fontWeight={700} dir="auto">
          {snapshot.title}
        </Typography>
      )}
      <Typography variant="body2" dir="auto" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {snapshot.text}
      </Typography>
      {snapshot.image_urls.length > 0 && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
          {snapshot.image_urls.map((src) => (
            <Box
              key={src}
              component="img"
              src={src}
              alt={t('admin.snapshot.image')}
              loading="lazy"
              sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 1 }}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}
