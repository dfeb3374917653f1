// A code picked from a list (the reference data, the material templates) with, beside it, the one
// explicit way to make a new code: a button opening the dialog that checks it.
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { CodePicker, type CodeOption } from './CodePicker';
import { NewCodeDialog } from './NewCodeDialog';

export function CodeField({
  path,
  label,
  helper,
  options,
  value,
  onChange,
  create,
  proposal,
}: {
  path: string;
  label: string;
  helper: string;
  options: readonly CodeOption[];
  value: string;
  /** The picked or created code, with its option when it was picked. */
  onChange: (code: string, option: CodeOption | null) => void;
  create: { text: string; label: string; title: string; intro: string };
  /** The code proposed from the name, offered first in the dialog (decision 0055). */
  proposal?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
      <CodePicker
        path={path}
        label={label}
        helper={helper}
        required
        options={options}
        value={value}
        onChange={(code) => onChange(code, options.find((o) => o.code === code) ?? null)}
      />
      <Button
        variant="outlined"
        startIcon={<AddIcon />}
        aria-label={create.label}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'flex-start' }, minHeight: 40 }}
      >
        {create.text}
      </Button>
      <NewCodeDialog
        open={open}
        title={create.title}
        intro={create.intro}
        taken={new Set(options.map((o) => o.code))}
        proposal={proposal}
        onCreate={(code) => onChange(code, null)}
        onClose={() => setOpen(false)}
      />
    </Stack>
  );
}
