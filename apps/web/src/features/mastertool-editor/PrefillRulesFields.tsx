// The prefill rules' native selects (`<optgroup>` names each source to screen readers and phones alike).
import TextField from '@mui/material/TextField';
import { PREFILL_CLAIMS } from '@portal/contracts';
import { useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldProblems } from './fields';
import { CLAIM_PREFIXES, listedClaim, sourceName } from './prefill-rules';
import type { Vocabulary } from './prefill-rules-vocabulary';
import { fieldId } from './validation';

/** A problem of a path, and whether any lies under it (`path[…]` or `path.…`). */
export function useProblems() {
  const problems = useContext(FieldProblems);
  return {
    at: (path: string) => problems.get(path),
    under: (path: string) =>
      [...problems.keys()].filter((p) => p.startsWith(`${path}[`) || p.startsWith(`${path}.`)),
  };
}

/** The standard items of the configuration (and the current code, should it not be one of them). */
export function ItemOptions({ words, value }: { words: Vocabulary; value: string }) {
  const { t } = useTranslation();
  return (
    <>
      <option value="" disabled>
        {t('mastertool.prefill.choose')}
      </option>
      {value !== '' && !words.itemByCode.has(value) ? (
        <option value={value}>{t('mastertool.prefill.missingItem', { code: value })}</option>
      ) : null}
      {words.items.map((item) => (
        <option key={item.code} value={item.code}>
          {words.itemLabel(item)}
        </option>
      ))}
    </>
  );
}

/** The claims each source offers, grouped by source (and the current source, should it not be listed). */
export function SourceOptions({ words, value }: { words: Vocabulary; value: string }) {
  const { t } = useTranslation();
  return (
    <>
      <option value="" disabled>
        {t('mastertool.prefill.choose')}
      </option>
      {value !== '' && listedClaim(value) === null ? (
        <optgroup label={t('mastertool.prefill.unlisted')}>
          <option value={value}>{value}</option>
        </optgroup>
      ) : null}
      {CLAIM_PREFIXES.map((prefix) => (
        <optgroup key={prefix} label={t(`mastertool.prefill.sources.${prefix}`)}>
          {PREFILL_CLAIMS[prefix].map((claim) => (
            <option key={claim} value={sourceName(prefix, claim)}>
              {words.sourceLabel(prefix, claim)}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}

/** A native select named by its path, showing the path's problem (as the editor's other inputs do). */
export function NativeSelect({
  path,
  label,
  value,
  required,
  helper,
  onChange,
  children,
}: {
  path: string;
  label: string;
  value: string;
  required?: boolean;
  /** Small text under the choice (a problem takes its place). */
  helper?: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const problem = useContext(FieldProblems).get(path);
  return (
    <TextField
      select
      id={fieldId(path)}
      label={label}
      value={value}
      required={required}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(problem)}
      helperText={problem ?? helper}
      size="small"
      fullWidth
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: { md: 200 } }}
    >
      {children}
    </TextField>
  );
}
