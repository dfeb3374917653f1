// A radio whose mark is drawn from the input's own state (CSS `:checked`), not from React's: on a page the
// server rendered, the browser checks the input before the script runs (or without it, issue 36), and the
// mark must show it then too. With the script, React sets the same state.
import Radio, { type RadioProps } from '@mui/material/Radio';

// MUI's radio mark is a ring and a dot that React scales up when checked: here the input scales it.
const radioStyle = {
  '& input:checked + span': { color: 'primary.main' },
  '& input:checked + span > svg:last-of-type': { transform: 'scale(1)' },
} as const;

export function InputStateRadio({ sx, ...props }: RadioProps) {
  return <Radio {...props} sx={[radioStyle, ...(Array.isArray(sx) ? sx : sx ? [sx] : [])]} />;
}
