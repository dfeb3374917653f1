// The editor's one way to pick codes (standard items, procedures, attachment codes): an Autocomplete that
// lists each option by its name with the code a small caption after it (decision 0056), finds it by either,
// and keeps a code it does not know, flagged, instead of dropping it. Picked codes show as chips of the name
// (the code on hover, and to screen readers where two names are alike); one picked code reads
// 「name · code」 in its input. Named by its path (`fieldId`) and showing the path's problem, as the other
// inputs.
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useRef, type HTMLAttributes, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeCaption, NameAndCode } from '../../lib/layout/NameAndCode';
import { nameAndCode } from './name-and-code';
import { useProblems } from './PrefillRulesFields';
import { fieldId } from './validation';

export interface CodeOption {
  code: string;
  /** The name shown before the code ('' shows the code alone). */
  label: string;
  /** The heading the option is listed under (options of one group must be next to each other). */
  group?: string;
  /** Listed but not pickable (e.g. already used elsewhere), with the reason in `note`. */
  disabled?: boolean;
  note?: string;
  /** A code of the configuration that no option offers. */
  unknown?: boolean;
}

interface Common {
  path: string;
  label: string;
  options: readonly CodeOption[];
  helper?: string;
  required?: boolean;
  /** Said of a code no option offers (default: 候補にないコード). */
  unknownNote?: string;
}

/** The options with every code of `value` that none of them offers, flagged, at the end. */
function withUnknown(options: readonly CodeOption[], value: readonly string[], note: string): CodeOption[] {
  const known = new Set(options.map((o) => o.code));
  const missing = [...new Set(value.filter((code) => code !== '' && !known.has(code)))];
  return [...options, ...missing.map((code) => ({ code, label: '', unknown: true, note }))];
}

function useText(unknownNote: string | undefined) {
  const { t } = useTranslation();
  const note = unknownNote ?? t('mastertool.pickers.unknown');
  const withNote = (text: string, o: CodeOption) =>
    o.note ? t('mastertool.pickers.withNote', { text, note: o.note }) : text;
  return {
    note,
    /** 「name · code」 (and its note): the input's text and what typing is matched against. */
    text: (o: CodeOption) => withNote(nameAndCode(t, o.label, o.code), o),
    /** The name (the code when there is none), and its note: a chip's words. */
    name: (o: CodeOption) => withNote(o.label === '' ? o.code : o.label, o),
    /** The note said after the name in the open list (「（…）」). */
    noteAfter: (o: CodeOption) =>
      o.note ? t('mastertool.pickers.withNote', { text: '', note: o.note }) : '',
    unknownHelp: (codes: string[]) => t('mastertool.pickers.unknownHelp', { codes: codes.join(', ') }),
    // The Autocomplete's own buttons, named in the page's language.
    buttons: {
      clearText: t('mastertool.pickers.clear'),
      openText: t('mastertool.pickers.open'),
      closeText: t('mastertool.pickers.close'),
      noOptionsText: t('mastertool.pickers.noOptions'),
    },
  };
}

/** One option of the open list: its name (and note), the code a caption after it. */
function optionItem(
  { key, ...props }: HTMLAttributes<HTMLLIElement> & { key: Key },
  o: CodeOption,
  noteAfter: string,
) {
  return (
    <li key={key} {...props}>
      <NameAndCode name={o.label === '' ? o.code : o.label} code={o.code} after={noteAfter} />
    </li>
  );
}

/** The names two or more options share: their chips say the code to screen readers too. */
function sharedNames(options: readonly CodeOption[]): Set<string> {
  const seen = new Set<string>();
  const shared = new Set<string>();
  for (const o of options) {
    if (o.label === '') continue;
    if (seen.has(o.label)) shared.add(o.label);
    seen.add(o.label);
  }
  return shared;
}

/**
 * The same object while it says the same: the Autocomplete empties what is typed whenever its value is a
 * new object, and the editor renders afresh after every change (and every live check).
 */
function useStable<T>(value: T): T {
  const last = useRef(value);
  if (JSON.stringify(last.current) !== JSON.stringify(value)) last.current = value;
  return last.current;
}

/** The problem of the path or of any entry under it (`codes[1]`). */
function useProblemOf(path: string): string | undefined {
  const problems = useProblems();
  const under = problems.under(path)[0];
  return problems.at(path) ?? (under === undefined ? undefined : problems.at(under));
}

/** Several codes, in the order picked; each shows as a chip that Backspace or its button removes. */
export function CodesPicker({
  path,
  label,
  options,
  helper,
  required,
  unknownNote,
  value,
  onChange,
}: Common & { value: readonly string[]; onChange: (codes: string[]) => void }) {
  const words = useText(unknownNote);
  const problem = useProblemOf(path);
  const all = withUnknown(options, value, words.note);
  const byCode = new Map(all.map((o) => [o.code, o]));
  const picked = useStable(
    value.map((code) => byCode.get(code)).filter((o): o is CodeOption => o !== undefined),
  );
  const unknown = picked.filter((o) => o.unknown).map((o) => o.code);
  const shared = sharedNames(all);
  return (
    <Autocomplete
      multiple
      id={fieldId(path)}
      options={all}
      value={picked}
      onChange={(_, next) => onChange(next.map((o) => o.code))}
      getOptionLabel={words.text}
      renderOption={(props, o) => optionItem(props, o, words.noteAfter(o))}
      getOptionDisabled={(o) => o.disabled === true}
      isOptionEqualToValue={(a, b) => a.code === b.code}
      groupBy={options.some((o) => o.group) ? (o) => o.group ?? '' : undefined}
      filterSelectedOptions
      // Several are picked in one opening; Escape or leaving the field closes the list.
      disableCloseOnSelect
      {...words.buttons}
      renderValue={(chosen, getItemProps) =>
        chosen.map((o, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return (
            <Chip
              key={key}
              {...itemProps}
              size="small"
              label={
                <>
                  {words.name(o)}
                  {shared.has(o.label) ? <CodeCaption code={o.code} hidden /> : null}
                </>
              }
              title={o.label === '' ? undefined : o.code}
              icon={o.unknown ? <ReportProblemOutlinedIcon aria-hidden /> : undefined}
              variant={o.unknown ? 'outlined' : 'filled'}
            />
          );
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required && value.length === 0}
          error={Boolean(problem)}
          helperText={problem ?? (unknown.length > 0 ? words.unknownHelp(unknown) : helper)}
          size="small"
        />
      )}
      fullWidth
    />
  );
}

/** One code ('' when none is picked yet). */
export function CodePicker({
  path,
  label,
  options,
  helper,
  required,
  unknownNote,
  value,
  onChange,
}: Common & { value: string; onChange: (code: string) => void }) {
  const words = useText(unknownNote);
  const problem = useProblemOf(path);
  const all = withUnknown(options, [value], words.note);
  const picked = useStable(all.find((o) => o.code === value) ?? null);
  return (
    <Autocomplete
      id={fieldId(path)}
      options={all}
      value={picked}
      onChange={(_, next) => onChange(next?.code ?? '')}
      getOptionLabel={words.text}
      renderOption={(props, o) => optionItem(props, o, words.noteAfter(o))}
      getOptionDisabled={(o) => o.disabled === true}
      isOptionEqualToValue={(a, b) => a.code === b.code}
      groupBy={options.some((o) => o.group) ? (o) => o.group ?? '' : undefined}
      {...words.buttons}
      disableClearable={required}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={Boolean(problem)}
          helperText={problem ?? (picked?.unknown ? words.unknownHelp([value]) : helper)}
          size="small"
        />
      )}
      sx={{ minWidth: { sm: 320 }, flex: 1 }}
    />
  );
}
