// A checkbox whose mark is drawn from the input's own state (CSS `:checked`), not from React's: on a page
// the server rendered, the browser ticks the input before the script runs (or without it, issue 36), and
// the mark must show it then too. With the script, React sets the same state.
import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import Checkbox, { type CheckboxProps } from '@mui/material/Checkbox';
import type { SvgIconProps } from '@mui/material/SvgIcon';

/** Both marks; the checkbox's style shows the one that matches the input. */
function BothMarks({ fontSize }: { fontSize?: SvgIconProps['fontSize'] }) {
  return (
    <span className="input-state-marks">
      <CheckBoxOutlineBlankIcon fontSize={fontSize} className="input-state-unticked" />
      <CheckBoxIcon fontSize={fontSize} className="input-state-ticked" />
    </span>
  );
}

const checkboxStyle = {
  '& .input-state-marks': { display: 'inline-flex' },
  '& input:checked + .input-state-marks': { color: 'primary.main' },
  '& input:checked + .input-state-marks > .input-state-unticked': { display: 'none' },
  '& input:not(:checked) + .input-state-marks > .input-state-ticked': { display: 'none' },
} as const;

export function InputStateCheckbox({ sx, ...props }: CheckboxProps) {
  return (
    <Checkbox
      {...props}
      icon={<BothMarks />}
      checkedIcon={<BothMarks />}
      sx={[checkboxStyle, ...(Array.isArray(sx) ? sx : sx ? [sx] : [])]}
    />
  );
}
