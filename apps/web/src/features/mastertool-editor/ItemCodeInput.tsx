// An item's code: proposed from its name (decision 0055) and editable; a code of the wrong form or one
// another item has is named at once, with a free code to use instead.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { StandardItem } from '@portal/contracts';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { codeProblem, freeCode, proposeCode } from './code-proposal';
import type { Config } from './editor-state';
import { FieldProblems } from './fields';
import { takenItemCodes } from './standard-items';
import { fieldId } from './validation';

export function ItemCodeInput({
  path,
  config,
  index,
  library,
  onChange,
}: {
  /** The item's path: `standard_items[i]`. */
  path: string;
  config: Config;
  index: number;
  library: readonly StandardItem[];
  onChange: (code: string) => void;
}) {
  const { t } = useTranslation();
  const item = config.standard_items[index]!;
  const saved = useContext(FieldProblems).get(`${path}.code`);
  const inGroup = takenItemCodes(config, [], index);
  const anywhere = takenItemCodes(config, library, index);
  const proposal = proposeCode({ name: item.name, english: item.en?.name }, 'item', anywhere);
  const problem = codeProblem(item.code, inGroup);
  const twin =
    problem === null ? library.find((l) => l.code === item.code && l.name !== item.name) : undefined;
  const free =
    problem === 'invalid' ? proposal : problem === 'taken' || twin ? freeCode(item.code, anywhere) : null;
  const other = config.standard_items.find((o, j) => j !== index && o.code === item.code);
  const message =
    saved ??
    (problem === 'invalid'
      ? t('mastertoolCodes.invalid')
      : problem === 'taken'
        ? t('mastertoolCodes.takenItem', { name: other?.name ?? '', free })
        : twin
          ? t('mastertoolCodes.libraryItem', { name: twin.name, free })
          : item.code === proposal
            ? t('mastertoolCodes.proposed')
            : t('mastertool.items.codeHelp'));
  return (
    <Box sx={{ width: { xs: '100%', sm: 320 } }}>
      <TextField
        id={fieldId(`${path}.code`)}
        label={t('mastertool.items.code')}
        required
        value={item.code}
        onChange={(e) => onChange(e.target.value)}
        error={Boolean(saved) || problem !== null}
        helperText={message}
        size="small"
        fullWidth
        slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
      />
      {free !== null && free !== item.code ? (
        <Button size="small" sx={{ mt: 0.5, minHeight: 44 }} onClick={() => onChange(free)}>
          {t('mastertoolCodes.useFree', { code: free })}
        </Button>
      ) : null}
    </Box>
  );
}
