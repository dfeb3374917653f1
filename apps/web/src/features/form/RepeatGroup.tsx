// A repeatable group's items on a form page (decision 0013): one block per repetition under its heading
// (「1人目の子」「2人目の子」), a button that adds one up to the maximum and, on each block past the minimum,
// one that removes it. The focus moves to an added block's heading; a removal is announced and the
// focus goes to the block before it, so it is never lost with the removed button.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Localized, useLocalized } from '../../lib/i18n/localized';
import { displayValue } from '../../lib/items/display-value';
import type { FormItem, Values } from './form-model';
import type { Group } from './repeats';

/** The element id of a repetition's heading. */
export const repeatHeadingId = (group: string, sequence: number) => `repeat-${group}-${sequence}`;

/** A group's name as the texts take it, and capitalised for a heading or a sentence ("Child 2"). */
export const groupWords = (name: string) => ({ name, title: name.charAt(0).toUpperCase() + name.slice(1) });

export function RepeatGroup({
  group,
  count,
  min,
  first,
  later,
  values,
  isHidden,
  renderField,
  onAdd,
  onRemove,
}: {
  group: Group;
  /** Repetitions shown (never fewer than `min`). */
  count: number;
  min: number;
  /** The first repetition's items this page asks. */
  first: FormItem[];
  /** The items each later repetition asks on this page. */
  later: FormItem[];
  values: Values;
  isHidden: (code: string, sequence: number) => boolean;
  renderField: (item: FormItem, sequence: number) => ReactNode;
  onAdd: () => void;
  /** Removes repetition n; the later ones move up one. */
  onRemove: (n: number) => void;
}) {
  const { t } = useTranslation();
  const loc = useLocalized();
  const words = groupWords(loc.field(group, 'name').text);
  const [announced, setAnnounced] = useState('');
  const focusOn = useRef<number | null>(null);

  useEffect(() => {
    if (focusOn.current === null) return;
    document.getElementById(repeatHeadingId(group.code, focusOn.current))?.focus();
    focusOn.current = null;
  }, [count, group.code]);

  const blocks = Array.from({ length: count }, (_, i) => i + 1);
  return (
    <Stack spacing={3} data-repeat-group={group.code}>
      {blocks.map((n) => (
        <Box
          key={n}
          component="section"
          aria-labelledby={repeatHeadingId(group.code, n)}
          data-testid={`repeat-${group.code}-${n}`}
          sx={{ borderLeft: 4, borderColor: 'divider', pl: 2 }}
        >
          <Typography
            variant="h3"
            id={repeatHeadingId(group.code, n)}
            tabIndex={-1}
            gutterBottom
            sx={{ fontSize: '1.125rem', fontWeight: 700 }}
          >
            {t('applicantForm.repeat.heading', { n, name: words.title })}
          </Typography>
          <Stack spacing={3}>
            {n === 1 ? (
              <>
                {first.map((item) => (isHidden(item.code, 1) ? null : renderField(item, 1)))}
                {/* The first child's answers from the questions, so the next one is told apart from it. */}
                {count > 1 || first.length === 0 ? (
                  <AnsweredBefore
                    items={later.filter((i) => !first.includes(i) && !isHidden(i.code, 1))}
                    values={values}
                  />
                ) : null}
              </>
            ) : (
              later.map((item) => (isHidden(item.code, n) ? null : renderField(item, n)))
            )}
            {n > min ? (
              <Box>
                <Button
                  variant="outlined"
                  color="error"
                  onClick={() => {
                    focusOn.current = n - 1;
                    setAnnounced(t('applicantForm.repeat.removed', { n, name: words.title }));
                    onRemove(n);
                  }}
                >
                  {t('applicantForm.repeat.remove', { n, name: words.name })}
                </Button>
              </Box>
            ) : null}
          </Stack>
        </Box>
      ))}
      <Box role="status" aria-live="polite" sx={{ '&:empty': { display: 'none' } }}>
        {announced}
      </Box>
      <Box>
        {count < group.max ? (
          <Button
            variant="outlined"
            onClick={() => {
              focusOn.current = count + 1;
              setAnnounced('');
              onAdd();
            }}
          >
            {t('applicantForm.repeat.add', { name: words.name })}
          </Button>
        ) : (
          <Typography color="text.secondary">
            {t('applicantForm.repeat.limit', { max: group.max })}
          </Typography>
        )}
      </Box>
    </Stack>
  );
}

/** The first repetition's answers given on the question pages, read only. */
function AnsweredBefore({ items, values }: { items: FormItem[]; values: Values }) {
  const { t } = useTranslation();
  const loc = useLocalized();
  const rows = items
    .map((item) => ({ item, text: displayValue(item, values[item.code], loc.language) }))
    .filter((row) => row.text !== '');
  if (rows.length === 0) return null;
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {t('applicantForm.repeat.answered')}
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'minmax(8rem, 12rem) 1fr',
          columnGap: 2,
          rowGap: 0.5,
          m: 0,
        }}
      >
        {rows.map(({ item, text }) => (
          <Box key={item.code} sx={{ display: 'contents' }} data-testid={`answered-${item.code}`}>
            <Typography component="dt" sx={{ fontWeight: 700 }}>
              <Localized text={loc.field(item, 'name')} />
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {text}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
