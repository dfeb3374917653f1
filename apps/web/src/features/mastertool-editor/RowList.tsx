// An editable, ordered list of rows (prefill rules, repeatable groups): each row a list item named by its
// heading, the list's own problem above it, and adding, removing and moving that keep the focus in place.
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Fragment, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useProblems } from './PrefillRulesFields';
import { fieldId } from './validation';

/** Moves focus to an element once the change that creates it has rendered. */
export function useFocusAfterChange() {
  const [pending, setPending] = useState<string[] | null>(null);
  useEffect(() => {
    if (!pending) return;
    for (const id of pending) {
      const el = document.getElementById(id);
      if (el && !(el as HTMLButtonElement).disabled) {
        el.focus();
        break;
      }
    }
    setPending(null);
  }, [pending]);
  /** The first of `ids` that exists and is enabled gets focus. */
  return (...ids: string[]) => setPending(ids);
}

/** Stable keys for the rows, so a row's open conditions stay with it when rows move or go. */
export function useRowKeys(length: number) {
  const counter = useRef(0);
  const keys = useRef<number[]>([]);
  if (keys.current.length !== length) keys.current = Array.from({ length }, () => counter.current++);
  return {
    keys: keys.current,
    add: () => void keys.current.push(counter.current++),
    remove: (i: number) => void keys.current.splice(i, 1),
    swap: (i: number, j: number) => {
      const k = keys.current;
      [k[i], k[j]] = [k[j] as number, k[i] as number];
    },
  };
}

/** A change of the list made by one row: given the list of now and the row's index, the next list. */
export type ListChange<T> = (list: readonly T[], i: number) => T[];

/** What a row is given to show and change itself. */
export interface RowOf<T> {
  value: T;
  /** 1 for the first row. */
  n: number;
  /** Whether it is the last row (it cannot move down). */
  last: boolean;
  /** `list[i]` */
  path: string;
  onChange: (change: ListChange<T>) => void;
  onFocus: (...ids: string[]) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

/**
 * A row's props compare by what it shows, so a row renders again only when it changes: its value and
 * lists by content, the rest by identity; its handlers may be new, as they read the list of now.
 */
export function sameRow<P extends object>(a: P, b: P): boolean {
  return (Object.keys(a) as (keyof P)[]).every((key) => {
    const [x, y] = [a[key], b[key]];
    if (typeof x === 'function') return true;
    return key === 'value' || Array.isArray(x) ? JSON.stringify(x) === JSON.stringify(y) : x === y;
  });
}

export function RowList<T>({
  path,
  values,
  onChange,
  intro,
  none,
  addLabel,
  add,
  remove,
  move,
  focusOnAdd,
  row,
}: {
  path: string;
  values: readonly T[];
  onChange: (values: T[]) => void;
  /** Shown above everything else. */
  intro?: ReactNode;
  /** Said when there is no row. */
  none: string;
  addLabel: string;
  add: (list: readonly T[]) => T[];
  remove: (list: readonly T[], i: number) => T[];
  /** Moving rows, where their order matters. */
  move?: (list: readonly T[], i: number, by: -1 | 1) => T[];
  /** The field (under the new row's path) that takes the focus once a row is added: `target`, `code`,
   * `[0].source` (an entry of a row that is a list), '' (a row whose path is its one field's). */
  focusOnAdd: string;
  row: (props: RowOf<T>) => ReactNode;
}) {
  // Rows render again only when their value changes; their handlers read the list of now.
  const latest = useRef({ values, onChange });
  useLayoutEffect(() => {
    latest.current = { values, onChange };
  });
  const change = (next: (values: readonly T[]) => T[]) =>
    latest.current.onChange(next(latest.current.values));
  const problems = useProblems();
  const focus = useFocusAfterChange();
  const rows = useRowKeys(values.length);
  const listProblem = problems.at(path);
  const addId = `${fieldId(path)}-add`;
  const rowId = (i: number) => fieldId(`${path}[${i}]`);
  return (
    <Box>
      {intro}
      {listProblem ? (
        <Typography id={fieldId(path)} color="error" sx={{ mb: 2 }}>
          {listProblem}
        </Typography>
      ) : null}
      {values.length === 0 ? <Typography sx={{ mb: 2 }}>{none}</Typography> : null}
      <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {values.map((value, i) => (
          <Fragment key={rows.keys[i]}>
            {row({
              value,
              n: i + 1,
              last: i === values.length - 1,
              path: `${path}[${i}]`,
              onChange: (edit) => change((current) => edit(current, i)),
              onFocus: focus,
              onMove: (by) => {
                if (!move) return;
                rows.swap(i, i + by);
                change((current) => move(current, i, by));
                const moved = rowId(i + by);
                focus(`${moved}-${by < 0 ? 'up' : 'down'}`, `${moved}-${by < 0 ? 'down' : 'up'}`);
              },
              onRemove: () => {
                rows.remove(i);
                change((current) => remove(current, i));
                focus(`${rowId(i)}-remove`, `${rowId(i - 1)}-remove`, addId);
              },
            })}
          </Fragment>
        ))}
      </Stack>
      <Button
        id={addId}
        variant="outlined"
        size="small"
        startIcon={<AddIcon />}
        sx={{ mt: 2 }}
        onClick={() => {
          rows.add();
          change(add);
          const added = `${path}[${values.length}]`;
          const nested = focusOnAdd === '' || focusOnAdd.startsWith('[');
          focus(fieldId(nested ? `${added}${focusOnAdd}` : `${added}.${focusOnAdd}`));
        }}
      >
        {addLabel}
      </Button>
    </Box>
  );
}

/**
 * One row of a RowList: a list item holding a group named by the row's heading (it takes the focus when
 * a problem is about the row), with the row's problems that no field of it shows listed under the heading.
 */
export function RowFrame({
  path,
  testId,
  heading,
  shownAtField,
  children,
}: {
  path: string;
  testId: string;
  heading: string;
  /** Whether a problem's path has a field of its own in the row (else the row lists it). */
  shownAtField: (problem: string) => boolean;
  children: ReactNode;
}) {
  const problems = useProblems();
  const id = fieldId(path);
  const rowProblems = [...(problems.at(path) ? [path] : []), ...problems.under(path)]
    .filter((p) => !shownAtField(p))
    .map((p) => problems.at(p));
  return (
    <Box
      component="li"
      data-testid={testId}
      sx={{ p: { xs: 1.5, sm: 2 }, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <div
        id={id}
        tabIndex={-1}
        role="group"
        aria-labelledby={`${id}-heading`}
        aria-describedby={rowProblems.length > 0 ? `${id}-problems` : undefined}
      >
        <Typography component="h3" id={`${id}-heading`} sx={{ fontWeight: 700, mb: 1.5 }}>
          {heading}
        </Typography>
        {rowProblems.length > 0 ? (
          <Typography id={`${id}-problems`} color="error" variant="body2" sx={{ mb: 1 }}>
            {rowProblems.join(' ')}
          </Typography>
        ) : null}
        {children}
      </div>
    </Box>
  );
}
