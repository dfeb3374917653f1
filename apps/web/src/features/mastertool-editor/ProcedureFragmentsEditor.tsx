// A procedure's fragments as sections: a heading (with its English) and the items residents fill under
// it, picked from the group's items or the library; sections added, moved and removed by keyboard. A
// section kept here until it has an item (the configuration has one row per item, none for an empty one).
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ProcedureFragment } from '@portal/contracts';
import { useContext, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodesPicker, type CodeOption } from './CodePicker';
import { EnglishInput, FieldProblems, TextInput } from './fields';
import {
  moved,
  repeatedNames,
  sectionOfRow,
  toFragments,
  toSections,
  without,
  type FragmentSection,
} from './procedure-parts';
import { RowButtons } from './RowButtons';
import { RowFrame, RowList } from './RowList';
import { fieldId } from './validation';

export function ProcedureFragmentsEditor({
  path,
  procedure,
  fragments,
  usedIds,
  options,
  onChange,
}: {
  /** `disclosure.procedures[i].procedure_fragments` */
  path: string;
  /** The procedure's name, in the buttons' names. */
  procedure: string;
  fragments: readonly ProcedureFragment[];
  /** Fragment ids the group's other procedures use. */
  usedIds: readonly number[];
  options: readonly CodeOption[];
  onChange: (fragments: ProcedureFragment[]) => void;
}) {
  const { t } = useTranslation();
  const [sections, setSections] = useState(() => toSections(fragments));
  // A change made elsewhere (the JSON tab, an item's new code, discarding) replaces the sections shown.
  useEffect(() => {
    setSections((current) =>
      JSON.stringify(toFragments(current, fragments, usedIds)) === JSON.stringify(fragments)
        ? current
        : toSections(fragments),
    );
  }, [fragments, usedIds]);
  const change = (next: FragmentSection[]) => {
    setSections(next);
    onChange(toFragments(next, fragments, usedIds));
  };
  const sectionsPath = `${path}_sections`;
  const problems = useSectionProblems(path, sectionsPath, sections);
  const repeated = repeatedNames(sections);
  return (
    <Box id={fieldId(path)} component="section" aria-labelledby={`${fieldId(path)}-heading`}>
      <Typography component="h3" variant="h3" id={`${fieldId(path)}-heading`} gutterBottom>
        {t('mastertool.fragments.heading')}
      </Typography>
      <FieldProblems.Provider value={problems}>
        <RowList
          path={sectionsPath}
          values={sections}
          onChange={change}
          intro={
            <Typography variant="body2" sx={{ mb: 2 }}>
              {t('mastertool.fragments.intro')}
            </Typography>
          }
          none={t('mastertool.fragments.none')}
          addLabel={t('mastertool.fragments.add', { procedure })}
          add={(list) => [...list, { name: t('mastertool.fragments.newName'), en: '', codes: [] }]}
          remove={without}
          move={moved}
          focusOnAdd="name"
          row={({ value, n, last, path: rowPath, onChange: edit, onMove, onRemove }) => {
            const set = (patch: Partial<FragmentSection>) =>
              edit((list, k) => list.map((s, m) => (m === k ? { ...s, ...patch } : s)));
            const elsewhere = new Map(
              sections.flatMap((s, m) => (m === n - 1 ? [] : s.codes.map((code) => [code, s.name] as const))),
            );
            const offered = options.map((o) => {
              const section = elsewhere.get(o.code);
              return section === undefined
                ? o
                : { ...o, disabled: true, note: t('mastertool.fragments.usedIn', { name: section }) };
            });
            return (
              <RowFrame
                path={rowPath}
                testId="fragment-section"
                heading={t('mastertool.fragments.sectionN', { n, name: value.name })}
                shownAtField={(p) => p.startsWith(`${rowPath}.`)}
              >
                <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: '1fr 1fr' }, mb: 2 }}>
                  <TextInput
                    path={`${rowPath}.name`}
                    label={t('mastertool.fragments.name', { n })}
                    required
                    helper={repeated.has(value.name) ? t('mastertool.fragments.repeated') : undefined}
                    value={value.name}
                    onChange={(v) => set({ name: v })}
                  />
                  <EnglishInput
                    path={`${rowPath}.en.name`}
                    label={t('mastertool.fragments.name', { n })}
                    value={value.en}
                    onChange={(v) => set({ en: v })}
                  />
                </Box>
                <CodesPicker
                  path={`${rowPath}.codes`}
                  label={t('mastertool.fragments.items', { n })}
                  helper={
                    value.codes.length === 0
                      ? t('mastertool.fragments.empty')
                      : t('mastertool.fragments.itemsHelp')
                  }
                  options={offered}
                  unknownNote={t('mastertool.pickers.unknownItem')}
                  value={value.codes}
                  onChange={(codes) => set({ codes })}
                />
                <RowButtons
                  id={fieldId(rowPath)}
                  move={{
                    first: n === 1,
                    last,
                    upLabel: t('mastertool.fragments.moveUp', { n, procedure }),
                    downLabel: t('mastertool.fragments.moveDown', { n, procedure }),
                    onMove,
                  }}
                  remove={{
                    text: t('mastertool.prefill.remove'),
                    label: t('mastertool.fragments.remove', { n, procedure }),
                    onRemove,
                  }}
                />
              </RowFrame>
            );
          }}
        />
      </FieldProblems.Provider>
    </Box>
  );
}

/**
 * The problems as the sections show them: a row's name (or its English) at its section's name, anything
 * else of a row at its section's items; every other problem as it is.
 */
function useSectionProblems(
  path: string,
  sectionsPath: string,
  sections: readonly FragmentSection[],
): ReadonlyMap<string, string> {
  const all = useContext(FieldProblems);
  return useMemo(() => {
    const rows = sectionOfRow(sections);
    const mapped = new Map(all);
    for (const [p, message] of all) {
      const match = /^\[(\d+)\](.*)$/.exec(p.startsWith(path) ? p.slice(path.length) : '');
      const k = match ? rows[Number(match[1])] : undefined;
      if (!match || k === undefined) continue;
      const field = match[2] === '.name' || match[2] === '.en.name' ? match[2] : '.codes';
      const at = `${sectionsPath}[${k}]${field}`;
      if (!mapped.has(at)) mapped.set(at, message);
    }
    return mapped;
  }, [all, path, sectionsPath, sections]);
}
