// A filter of the documents list that is on or off: a checkbox with what it does said under it.
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';

export function FilterCheckbox({
  id,
  label,
  help,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  help: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <Box>
      <FormControlLabel
        control={
          <Checkbox
            id={id}
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': `${id}-help` } }}
          />
        }
        label={label}
      />
      <FormHelperText id={`${id}-help`} sx={{ mt: 0 }}>
        {help}
      </FormHelperText>
    </Box>
  );
}
