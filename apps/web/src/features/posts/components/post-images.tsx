import Box from '@mui/material/Box';
import type { PostImage } from '@tribes/shared';
import { useTranslation } from 'react-i18next';

/** A post's photos: one large, or a two-column grid; each with its alt text, lazily loaded. */
export function PostImages({ images }: { images: PostImage[] }) {
  const { t } = useTranslation();
  if (images.length === 0) return null;
  const single = images.length === 1;
  return (
    <Box
      role="group"
      aria-label={t('posts.card.photos', { count: images.length })}
      sx={{ display: 'grid', gridTemplateColumns: single ? '1fr' : '1fr 1fr', gap: 0.5, borderRadius: 1, overflow: 'hidden' }}
    >
      {images.map((img, i) => (
        <Box
          key={img.url}
          component="img"
          src={img.url}
          alt={img.alt}
          width={img.width}
          height={img.height}
          loading="lazy"
          decoding="async"
          data-testid="post-image"
          sx={{
            width: '100%',
            height: 'auto',
            display: 'block',
            objectFit: 'cover',
            bgcolor: 'action.hover',
            maxHeight: single ? 520 : 260,
            aspectRatio: single ? `${img.width} / ${img.height}` : '1 / 1',
            gridColumn: images.length === 3 && i === 0 ? '1 / span 2' : undefined,
          }}
        />
      ))}
    </Box>
  );
}
