// A form's "done" state: the success, which takes the focus as it appears (read out, and the keyboard
// starts there), an optional note, and the way on: a link, or a button when it is the one next step.
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RouterButton, RouterLink } from '../../lib/router/RouterLink';

/** Moves the focus to the success message once it is on the page. */
function takeFocus(element: HTMLElement | null) {
  element?.focus();
}

export function DoneNotice({
  message,
  note,
  to,
  label,
  button = false,
}: {
  message: string;
  note?: string;
  /** Where the way on leads, and its text. */
  to: string;
  label: string;
  button?: boolean;
}) {
  return (
    <Stack spacing={2}>
      <Alert severity="success" ref={takeFocus} tabIndex={-1}>
        {message}
      </Alert>
      {note ? <Typography>{note}</Typography> : null}
      {button ? (
        <div>
          <RouterButton to={to} variant="contained">
            {label}
          </RouterButton>
        </div>
      ) : (
        <RouterLink to={to}>{label}</RouterLink>
      )}
    </Stack>
  );
}
