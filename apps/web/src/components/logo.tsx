import Box from '@mui/material/Box';

/**
 * The product logo: the white variant for dark backgrounds, the normal one otherwise. The word
 * "Tribes" shows from `textFrom` up (sm by default), so phone bars keep room for their buttons.
 */
export function Logo({
  variant = 'normal',
  size = 32,
  withText = true,
  textFrom = 'sm',
}: {
  variant?: 'normal' | 'white';
  size?: number;
  withText?: boolean;
  textFrom?: 'xs' | 'sm';
}) {
  const mark = variant === 'white' ? '#ffffff' : '#3446c4';
  const inner = variant === 'white' ? '#1b1e26' : '#ffffff';
  return (
    <Box component="span" data-logo-variant={variant} sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill={mark} />
        <path d="M14 46 32 14l18 32H14z" fill={inner} />
        <circle cx="32" cy="38" r="5" fill={mark} />
      </svg>
      {withText && (
        <Box
          component="span"
          sx={{
            display: { xs: textFrom === 'xs' ? 'inline' : 'none', sm: 'inline' },
            fontWeight: 800,
            fontSize: size * 0.6,
            color: variant === 'white' ? '#fff' : 'text.primary',
            letterSpacing: 0.5,
          }}
        >
          Tribes
        </Box>
      )}
    </Box>
  );
}
