/** Read by screen readers, not shown. Sizes in px: in MUI's sx, `width: 1` means 100% and `margin: -1` one spacing unit. */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
