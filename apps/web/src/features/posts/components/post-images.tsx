import Box from '@mui/material/Box';
import type { PostImage } from '@tribes/shared';
import { useTranslation } from 'react-i18next';
import { useDataSaver } from '../../../lib/data-saver';

/** How wide a photo shows: the whole column of a post card (at most about 680 px), or half of it in a grid. */
const SIZES = { single: '(max-width: 760px) 100vw, 680px', grid: '(max-width: 760px) 50vw, 340px' };

/**
 * Where a photo loads from: with the data saver, its smallest copy only; otherwise the browser picks
 * from every copy (srcset) the one its screen needs.
 */
export function imageSources(img: PostImage, saveData: boolean): { src: string; srcSet?: string } {
  const smallest = img.variants[0];
  if (saveData) return { src: smallest?.url ?? img.url };
  if (img.variants.length === 0) return { src: img.url };
  return { src: img.url, srcSet: [...img.variants.map((v) => `${v.url} ${v.width}w`), `${img.url} ${img.width}w`].join(', ') };
}

/** A post's photos: one large, or a two-column grid; each with its alt text, lazily loaded at the size shown. */
export function PostImages({ images }: { images: PostImage[] }) {
  const { t } = useTranslation();
  const saver = useDataSaver().on;
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
          {...imageSources(img, saver)}
          sizes={single ? SIZES.single : SIZES.grid}
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
