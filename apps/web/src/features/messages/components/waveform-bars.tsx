import Box from '@mui/material/Box';

/** A voice note's bars (0-255 each), the played part highlighted; drawn for the eye only. */
export function WaveformBars({
  bars,
  progress = 0,
  height = 28,
}: {
  bars: readonly number[];
  progress?: number;
  height?: number;
}) {
  const shown = bars.length > 0 ? bars : Array.from({ length: 24 }, () => 24);
  return (
    <Box
      aria-hidden
      sx={{ display: 'flex', alignItems: 'center', gap: '2px', height, minWidth: 0, flex: 1 }}
      data-testid="waveform"
    >
      {shown.map((v, i) => (
        <Box
          key={i}
          sx={{
            flex: '1 1 0',
            maxWidth: 4,
            minWidth: 2,
            borderRadius: 1,
            height: `${Math.max(8, Math.round((v / 255) * 100))}%`,
            bgcolor: i / shown.length < progress ? 'primary.main' : 'text.disabled',
          }}
        />
      ))}
    </Box>
  );
}
