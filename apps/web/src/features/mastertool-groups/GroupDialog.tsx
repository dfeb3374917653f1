// The small form a new procedure group is named in (decision 0024): the name and one choice (the icon
// of a new group, the municipality a copy goes to), checked before sending; a name the municipality
// already has comes back from the server onto the name field, any other refusal above the form.
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { errorFields, isApiError } from '../../lib/api';

const GroupForm = z.object({
  name: z.string().trim().min(1, 'required').max(200, 'tooLong'),
  choice: z.string().min(1),
});
export type GroupFormValues = z.infer<typeof GroupForm>;

export function GroupDialog({
  id,
  open,
  onClose,
  title,
  intro,
  submitLabel,
  defaultName,
  choice,
  onSubmit,
}: {
  /** Prefix of the dialog's element ids. */
  id: string;
  open: boolean;
  onClose: () => void;
  title: string;
  intro: string;
  submitLabel: string;
  defaultName: string;
  /** An option's `icon` (decorative: its label names it) is shown before the label. */
  choice: {
    label: string;
    value: string;
    options: readonly { value: string; label: string; icon?: ReactNode }[];
  };
  /** Sends the form; a failure is shown in the dialog. */
  onSubmit: (values: GroupFormValues) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<GroupFormValues>({
    resolver: zodResolver(GroupForm),
    values: { name: defaultName, choice: choice.value },
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isSubmitting } = form.formState;
  const nameError = errors.name
    ? errors.name.type === 'server'
      ? errors.name.message
      : errors.name.message === 'tooLong'
        ? t('mastertool.groups.nameTooLong')
        : t('mastertool.groups.nameRequired')
    : undefined;

  const submit = form.handleSubmit(
    async (values) => {
      setFailure(null);
      try {
        await onSubmit({ ...values, name: values.name.trim() });
      } catch (error) {
        if (isApiError(error) && error.code === 'conflict' && errorFields(error).includes('name')) {
          form.setError(
            'name',
            { type: 'server', message: t('mastertool.groups.nameTaken') },
            { shouldFocus: true },
          );
          return;
        }
        // The master tool shows the server's own messages (spec §8).
        setFailure(error instanceof Error ? error.message : String(error));
      }
    },
    () => form.setFocus('name'),
  );

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={3} sx={{ pt: 1 }}>
            <DialogContentText>{intro}</DialogContentText>
            {failure ? (
              <Alert severity="error" role="alert">
                <AlertTitle>{t('mastertool.groups.failed')}</AlertTitle>
                {failure}
              </Alert>
            ) : null}
            <TextField
              {...form.register('name')}
              id={`${id}-name`}
              label={t('mastertool.groups.name')}
              required
              autoFocus
              error={Boolean(nameError)}
              helperText={nameError}
            />
            <Controller
              control={form.control}
              name="choice"
              render={({ field }) => (
                <TextField
                  select
                  id={`${id}-choice`}
                  label={choice.label}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                >
                  {choice.options.map((o) => (
                    <MenuItem key={o.value} value={o.value} sx={{ gap: 1 }}>
                      {o.icon ?? null}
                      {o.label}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('mastertool.groups.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {isSubmitting ? t('mastertool.groups.working') : submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
