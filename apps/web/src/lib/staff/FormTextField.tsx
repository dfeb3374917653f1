// A text field bound to a form field: controlled (so its label follows a value the form sets), with the
// field's problem in the app's words under it, else its help.
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { problemText } from './staff-form';

export function FormTextField<T extends FieldValues, O>({
  control,
  name,
  problem,
  helperText,
  ...props
}: Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'inputRef'> & {
  control: Control<T, unknown, O>;
  name: FieldPath<T>;
  /** The message of a failed check, or one per check (the zod issue code). */
  problem: string | ((type: string) => string);
}) {
  const { field, fieldState } = useController({ control, name });
  const message = problemText(fieldState.error, problem);
  return (
    <TextField
      {...props}
      inputRef={field.ref}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={Boolean(fieldState.error)}
      helperText={message ?? helperText}
    />
  );
}
