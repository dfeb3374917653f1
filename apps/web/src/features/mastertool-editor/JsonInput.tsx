// A part of the configuration edited as JSON (standard items, workflows, reports, fragments, rules),
// checked as the operator types: a syntax error at its line and column at once, and the draft's problems
// inside this part (contract shape and references, `LiveDraftProblems`) at their lines shortly after.
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { FieldProblems } from './fields';
import { lineOfPath, syntaxProblem, type SyntaxProblem } from './json-text';
import { problemMessage } from './problem-text';
import { fieldId, parsePath, type DraftProblem } from './validation';

/** The draft's problems as of the last pause in typing (the editor checks the whole draft). */
export const LiveDraftProblems = createContext<readonly DraftProblem[]>([]);

/** Shown at once under the field; the rest are counted. */
const SHOWN = 3;

function syntaxMessage(t: TFunction, problem: SyntaxProblem): string {
  return t('mastertool.json.atColumn', {
    line: problem.line,
    column: problem.column,
    message: t(`mastertool.json.syntax.${problem.code}`),
  });
}

const within = (path: string, base: string) =>
  path === base || path.startsWith(`${base}[`) || path.startsWith(`${base}.`);

/**
 * Text that is not JSON stays in the field with its error and is reported through `onInvalid`; the
 * configuration keeps the last valid value until it is fixed.
 */
export function JsonInput({
  path,
  label,
  value,
  onChange,
  onInvalid,
  helper,
}: {
  path: string;
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
  onInvalid: (path: string, message: string | null) => void;
  helper?: string;
}) {
  const { t } = useTranslation();
  const saved = useContext(FieldProblems);
  const live = useContext(LiveDraftProblems);
  const [text, setText] = useState(() => JSON.stringify(value, null, 2));
  useEffect(() => {
    setText((current) => {
      try {
        return JSON.stringify(JSON.parse(current)) === JSON.stringify(value)
          ? current
          : JSON.stringify(value, null, 2);
      } catch {
        return current;
      }
    });
  }, [value]);

  const syntax = useMemo(() => syntaxProblem(text), [text]);
  const syntaxText = syntax ? syntaxMessage(t, syntax) : null;
  const baseLength = parsePath(path).length;
  const lines = useMemo(
    () =>
      syntax
        ? []
        : live
            .filter((p) => within(p.path, path))
            .map((p) => {
              const line = lineOfPath(text, parsePath(p.path).slice(baseLength));
              const message = problemMessage(t, p);
              return line === null ? message : t('mastertool.json.atLine', { line, message });
            }),
    [syntax, live, path, text, baseLength, t],
  );
  const savedProblem = saved.get(path) ?? [...saved].find(([p]) => within(p, path) && p !== path)?.[1];
  const messages = syntaxText ? [syntaxText] : lines.length > 0 ? lines : savedProblem ? [savedProblem] : [];

  return (
    <TextField
      id={fieldId(path)}
      label={label}
      value={text}
      multiline
      minRows={3}
      maxRows={16}
      fullWidth
      size="small"
      error={messages.length > 0}
      helperText={
        messages.length === 0 ? (
          (helper ?? t('mastertool.editor.jsonHelp'))
        ) : (
          <Box component="span" sx={{ display: 'block' }}>
            {messages.slice(0, SHOWN).map((m) => (
              <Box component="span" key={m} sx={{ display: 'block' }}>
                {m}
              </Box>
            ))}
            {messages.length > SHOWN && (
              <Box component="span" sx={{ display: 'block' }}>
                {t('mastertool.json.more', { count: messages.length - SHOWN })}
              </Box>
            )}
          </Box>
        )
      }
      slotProps={{
        htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: '0.875rem' } },
      }}
      onChange={(e) => {
        const next = e.target.value;
        setText(next);
        const problem = syntaxProblem(next);
        if (problem === null) {
          onInvalid(path, null);
          onChange(JSON.parse(next) as unknown);
        } else {
          onInvalid(path, syntaxMessage(t, problem));
        }
      }}
    />
  );
}
