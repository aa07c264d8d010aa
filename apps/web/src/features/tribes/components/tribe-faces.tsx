import Avatar from '@mui/material/Avatar';
import { styled, type SxProps, type Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

/** The server's crops: covers 1500x500 (3:1), logos 512x512 (1:1). */
export const COVER_SIZE = { width: 1500, height: 500 } as const;
export const LOGO_SIZE = 512;

/** A plain <img> that takes `sx`: its width and height stay HTML attributes (Box would turn them into CSS). */
export const Img = styled('img')({});

type Named = { name: string; logo_url: string | null; cover_url?: string | null };

/**
 * A tribe's logo, or its initial on a coloured tile when it has none. The image has its size set (no layout
 * shift) and is lazy unless `eager` (the page header, which is on screen at once).
 */
export function TribeLogo({
  tribe,
  size,
  eager = false,
  sx,
}: {
  tribe: Named;
  size: number;
  eager?: boolean;
  sx?: SxProps<Theme>;
}) {
  const { t } = useTranslation();
  const src = tribe.logo_url ?? undefined;
  return (
    <Avatar
      src={src}
      alt={src ? t('tribes.faces.logoAlt', { name: tribe.name }) : undefined}
      variant="rounded"
      data-testid="tribe-logo"
      sx={[
        { width: size, height: size, bgcolor: 'primary.main', fontWeight: 700, fontSize: Math.round(size * 0.4), flexShrink: 0 },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
      slotProps={{
        img: { width: size, height: size, loading: eager ? 'eager' : 'lazy', decoding: 'async' },
      }}
    >
      {/* The letter tile is decorative: the tribe's name is written beside it. */}
      <span aria-hidden="true">{tribe.name.slice(0, 1).toUpperCase()}</span>
    </Avatar>
  );
}

/**
 * A tribe's cover as a 3:1 band (nothing when it has none). Width and height attributes give the browser its
 * ratio before it loads; lazy unless `eager`.
 */
export function TribeCover({ tribe, eager = false, sx }: { tribe: Named; eager?: boolean; sx?: SxProps<Theme> }) {
  const { t } = useTranslation();
  if (!tribe.cover_url) return null;
  return (
    <Img
      src={tribe.cover_url}
      alt={t('tribes.faces.coverAlt', { name: tribe.name })}
      width={COVER_SIZE.width}
      height={COVER_SIZE.height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      data-testid="tribe-cover"
      sx={[
        { display: 'block', width: '100%', height: 'auto', aspectRatio: '3 / 1', objectFit: 'cover', bgcolor: 'action.hover' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
