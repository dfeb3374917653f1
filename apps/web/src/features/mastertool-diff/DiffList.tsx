// The changes reflecting would make, grouped by section: where (named steps), what kind, and what was
// added, changed or removed as a tree in the editor's own words (never JSON), for a new group too.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ConfigurationChange } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  countChanges,
  diffRows,
  groupBySection,
  isReorder,
  lastField,
  orderLabels,
  valueNode,
  type DiffStep,
  type ValueNode,
  type Wording,
} from './diff-display';

type Named = { id?: unknown; name?: unknown; question?: unknown };

/** Every entry of a configuration with an id, by list field (`procedures`, `concierges`, ...). */
function entriesById(names: unknown): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  const walk = (node: unknown, field: string) => {
    if (Array.isArray(node)) {
      for (const entry of node) {
        const e = entry as Named | null;
        if (
          e &&
          typeof e === 'object' &&
          !Array.isArray(e) &&
          e.id !== undefined &&
          typeof e.name === 'string'
        ) {
          const list = out.get(field) ?? new Map<string, string>();
          list.set(String(e.id), e.name);
          out.set(field, list);
        }
        walk(entry, field);
      }
    } else if (node && typeof node === 'object')
      for (const [key, value] of Object.entries(node)) walk(value, key);
  };
  walk(names, '');
  return out;
}

/** Fields whose value is the id of another entry: shown by that entry's name. */
const REFERENCES: Record<string, string> = {
  procedure_id: 'procedures',
  workflow_template_id: 'workflow_templates',
  concierge_id: 'concierges',
};

/** Codes a field holds that the editor names (question, attachment, item and icon types, comparisons). */
function codeWord(t: TFunction, field: string, value: string): string | null {
  const tables: Record<string, string[]> = {
    type: [
      'mastertool.conciergeTypes',
      'mastertool.attachTypes',
      'mastertool.items.types',
      'mastertool.editor.category',
    ],
    icon_type: ['mastertool.iconTypes'],
    symbol: ['mastertool.symbols'],
    pattern: ['mastertool.patterns'],
  };
  for (const table of tables[field] ?? []) {
    const key = field === 'symbol' && value === '' ? 'any' : value;
    const word = t(`${table}.${key}`, { defaultValue: '', name: '' }) as string;
    if (word !== '' && typeof word === 'string') return word.replace(/[:：]\s*$/, '');
  }
  return null;
}

/** Fields whose value is a standard item code: shown by the item's name. */
const ITEM_FIELDS = new Set([
  'target',
  'source',
  'standard_item_code',
  'standard_item_codes',
  'copyable_standard_item_codes',
  'requires_name_validation',
  'reading_of',
]);

/** A prefill rule's claim (`profile.last_name`) as the rules editor names it: 「マイナンバーカード: 氏」. */
function claimWord(t: TFunction, value: string): string | null {
  const match = /^(profile|registry|public_account|mynaportal)\.(.+)$/.exec(value);
  if (!match) return null;
  const [, source, claim] = match;
  const label = t(`mastertool.prefill.claims.${source}.${claim}`, { defaultValue: '' }) as string;
  const from = t(`mastertool.prefill.sources.${source as 'profile'}`);
  return label === '' ? null : `${from}: ${label}`;
}

function useWording(names: unknown): Wording {
  const { t } = useTranslation();
  const byId = useMemo(() => entriesById(names), [names]);
  const items = useMemo(() => {
    const list = (names as { standard_items?: { code: string; name: string }[] } | undefined)?.standard_items;
    return new Map((list ?? []).map((i) => [i.code, i.name]));
  }, [names]);
  return useMemo(
    () => ({
      field: (name) => t(`mastertool.fields.${name}`, { defaultValue: name }),
      entry: (n) => t('mastertoolCheck.diff.entry', { n }),
      value: (field, value) => {
        if (value === null || value === '') return t('mastertoolCheck.diff.none');
        if (typeof value === 'boolean')
          return t(value ? 'mastertoolCheck.diff.yes' : 'mastertoolCheck.diff.no');
        const list = REFERENCES[field];
        const named = list ? byId.get(list)?.get(String(value)) : undefined;
        if (named) return named;
        if (typeof value === 'string' && ITEM_FIELDS.has(field)) {
          const item = items.get(value);
          if (item) return item;
          const claim = claimWord(t, value);
          if (claim) return claim;
        }
        if (typeof value === 'string') return codeWord(t, field, value) ?? value;
        return String(value);
      },
    }),
    [t, byId, items],
  );
}

/** A tree of values as nested lists. */
function Tree({ nodes }: { nodes: readonly ValueNode[] }) {
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
      {nodes.map((node, i) => (
        <li key={`${node.label}-${i}`}>
          <Typography component="span" variant="body2" sx={{ fontWeight: node.children ? 700 : 400 }}>
            {node.label}
            {node.text !== undefined ? `: ${node.text}` : ''}
          </Typography>
          {node.children && node.children.length > 0 ? <Tree nodes={node.children} /> : null}
        </li>
      ))}
    </Box>
  );
}

/** One side of a change (before or after) in words: a line, or a tree for lists and records. */
function Side({
  label,
  field,
  value,
  words,
}: {
  label: string;
  field: string;
  value: unknown;
  words: Wording;
}) {
  const node = valueNode(label, field, value, words);
  if (node.children === undefined)
    return (
      <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
        {label}: {node.text}
      </Typography>
    );
  return (
    <Box>
      <Typography variant="body2">{label}:</Typography>
      <Tree nodes={node.children} />
    </Box>
  );
}

export function DiffList({
  changes,
  names,
  headingLevel = 'h3',
  limit = 200,
}: {
  changes: readonly ConfigurationChange[];
  /** A configuration to name list entries from (the draft). */
  names?: unknown;
  headingLevel?: 'h3' | 'h4';
  limit?: number;
}) {
  const { t } = useTranslation();
  const words = useWording(names);
  // An id added with a new group (or removed with an old one) says nothing to read.
  const shown = changes.filter((c) => !(c.change !== 'changed' && c.path === 'id'));
  const counts = countChanges(shown);
  const rows = diffRows(shown.slice(0, limit), names);
  const step = (s: DiffStep) => (s.kind === 'entry' ? `「${s.label}」` : words.field(s.name));
  if (shown.length === 0) return <Typography>{t('mastertool.diff.none')}</Typography>;
  return (
    <Stack spacing={2}>
      <Typography>
        {t('mastertool.diff.summary', {
          total: shown.length,
          added: counts.added,
          removed: counts.removed,
          changed: counts.changed,
        })}
      </Typography>
      {groupBySection(rows).map((group) => (
        <Box key={group.section}>
          <Typography component={headingLevel} sx={{ fontWeight: 700, mb: 1 }}>
            {t(`mastertool.sections.${group.section || 'group'}`, {
              defaultValue: words.field(group.section),
            })}
          </Typography>
          <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {group.rows.map((row, i) => {
              const change = shown[rows.indexOf(row)]!;
              const field = lastField(row.path);
              const value = row.change === 'removed' ? change.before : change.after;
              // An entry the draft does not name (a removed one) is named by its own value.
              const steps = row.steps.map((s, k) =>
                k === row.steps.length - 1 && s.kind === 'entry' && value && typeof value === 'object'
                  ? {
                      kind: 'entry' as const,
                      label: (value as Named).name ? String((value as Named).name) : s.label,
                    }
                  : s,
              );
              const place =
                steps.slice(1).map(step).join(' › ') || step(steps[0] ?? { kind: 'field', name: '' });
              return (
                <Box
                  component="li"
                  key={`${row.path}-${i}`}
                  sx={{ borderTop: 1, borderColor: 'divider', py: 1, overflowWrap: 'anywhere' }}
                  data-testid="diff-row"
                >
                  <Stack
                    direction="row"
                    spacing={1}
                    useFlexGap
                    sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                  >
                    <Chip size="small" variant="outlined" label={t(`mastertool.diff.kind.${row.change}`)} />
                    <Typography component="span" variant="body2" sx={{ fontWeight: 700 }}>
                      {isReorder(change) ? `${place} › ${t('mastertoolCheck.diff.order')}` : place}
                    </Typography>
                  </Stack>
                  {isReorder(change) ? (
                    <Typography variant="body2">
                      {t('mastertoolCheck.diff.changedTo', {
                        before: orderLabels(change.path, change.before as string[], names).join('、'),
                        after: orderLabels(change.path, change.after as string[], names).join('、'),
                      })}
                    </Typography>
                  ) : (
                    <>
                      {row.change !== 'added' ? (
                        <Side
                          label={t('mastertool.diff.before')}
                          field={field}
                          value={change.before}
                          words={words}
                        />
                      ) : null}
                      {row.change !== 'removed' ? (
                        <Side
                          label={t('mastertool.diff.after')}
                          field={field}
                          value={change.after}
                          words={words}
                        />
                      ) : null}
                    </>
                  )}
                </Box>
              );
            })}
          </Box>
        </Box>
      ))}
      {shown.length > limit ? (
        <Typography variant="body2">{t('mastertool.diff.more', { count: shown.length - limit })}</Typography>
      ) : null}
    </Stack>
  );
}
