// Text for screen readers only (the usual clip pattern; place it inside a positioned box, or a wide
// table's hidden text escapes the table's scrolling region and widens the page).
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
