// A one-time code of 6 digits (spec §9). One input, not six: screen readers read it as one field,
// pasting and the phone's SMS autofill (autocomplete=one-time-code) work, and the numeric keypad opens
// (inputMode=numeric). The six cells are drawn behind the digits so the length is visible.
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import InputBase from '@mui/material/InputBase';
import InputLabel from '@mui/material/InputLabel';
import { useId } from 'react';
import { ONE_TIME_CODE_LENGTH, isCompleteCode, sanitizeCode } from './one-time-code';

export function OneTimeCodeInput({
  label,
  value,
  onChange,
  onComplete,
  help,
  error,
  length = ONE_TIME_CODE_LENGTH,
  autoFocus,
  disabled,
  id: givenId,
}: {
  label: string;
  value: string;
  onChange: (code: string) => void;
  /** Called once the code has all its digits (e.g. to submit it). */
  onComplete?: (code: string) => void;
  help?: string;
  error?: string | undefined;
  length?: number;
  autoFocus?: boolean;
  disabled?: boolean;
  id?: string;
}) {
  const generated = useId();
  const id = givenId ?? `otp-${generated}`;
  const describedBy = [help ? `${id}-help` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  const cell = '2.75rem';
  return (
    <Box>
      <InputLabel
        htmlFor={id}
        error={Boolean(error)}
        sx={{ fontWeight: 700, mb: 0.5, color: 'text.primary' }}
      >
        {label}
      </InputLabel>
      {help ? (
        <FormHelperText id={`${id}-help`} sx={{ mx: 0, mt: 0, mb: 1 }}>
          {help}
        </FormHelperText>
      ) : null}
      <Box
        sx={{
          position: 'relative',
          width: `calc(${cell} * ${length})`,
          maxWidth: '100%',
          height: '3.25rem',
          display: 'flex',
        }}
      >
        <Box
          aria-hidden="true"
          sx={{ position: 'absolute', inset: 0, display: 'flex', pointerEvents: 'none' }}
        >
          {Array.from({ length }, (_, i) => (
            <Box
              key={i}
              data-otp-cell={i + 1}
              sx={{
                flex: 1,
                border: 2,
                borderColor: error ? 'error.main' : i === value.length ? 'primary.main' : 'grey.600',
                borderRadius: 1,
                mx: '2px',
                bgcolor: 'background.paper',
              }}
            />
          ))}
        </Box>
        <InputBase
          id={id}
          value={value}
          disabled={disabled}
          autoFocus={autoFocus}
          onChange={(event) => {
            const code = sanitizeCode(event.target.value, length);
            onChange(code);
            if (isCompleteCode(code, length) && code !== value) onComplete?.(code);
          }}
          inputProps={{
            inputMode: 'numeric',
            pattern: '[0-9]*',
            autoComplete: 'one-time-code',
            maxLength: length + 4, // room for a pasted "123 456", cleaned on change
            'aria-describedby': describedBy || undefined,
            'aria-invalid': error ? true : undefined,
            spellCheck: false,
          }}
          sx={{
            position: 'relative',
            width: '100%',
            height: '100%',
            fontFamily: 'monospace',
            fontSize: '1.5rem',
            '& input': {
              // Each digit sits in its cell: the letter spacing equals the cell width minus a digit.
              letterSpacing: `calc(${cell} - 1ch)`,
              paddingLeft: `calc((${cell} - 1ch) / 2)`,
              height: '100%',
              boxSizing: 'border-box',
            },
          }}
        />
      </Box>
      {error ? (
        <FormHelperText id={`${id}-error`} error sx={{ mx: 0, fontWeight: 700 }}>
          {error}
        </FormHelperText>
      ) : null}
    </Box>
  );
}
