// View rules of a sub category or a question: shown when an option was chosen (`selected`, expected = the
// option id) or when a formula over an answer holds (`formula`: expression, symbol, expected).
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RuleSymbol, ViewRule } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { SelectInput, TextInput } from './fields';

export function ViewRulesEditor({
  path,
  rules,
  onChange,
  owner,
  headingLevel,
}: {
  path: string;
  rules: readonly ViewRule[];
  onChange: (rules: ViewRule[]) => void;
  /** What the rules show (a question or sub category name), for the buttons' names. */
  owner: string;
  headingLevel: 'h4' | 'h5' | 'h6';
}) {
  const { t } = useTranslation();
  const patterns = (['selected', 'formula'] as const).map((v) => ({
    value: v,
    label: t(`mastertool.patterns.${v}`),
  }));
  const symbols = (['', 'equal', 'above', 'below'] as const).map((v) => ({
    value: v,
    label: t(`mastertool.symbols.${v || 'any'}`),
  }));
  const set = (i: number, patch: Partial<ViewRule>) =>
    onChange(rules.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Box>
      <Typography component={headingLevel} sx={{ fontWeight: 700, mb: 1 }}>
        {t('mastertool.fields.view_rules')}
      </Typography>
      {rules.length === 0 ? (
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('mastertool.editor.noViewRules')}
        </Typography>
      ) : null}
      <Stack spacing={2}>
        {rules.map((rule, i) => {
          const base = `${path}[${i}]`;
          return (
            <Stack
              key={i}
              direction={{ xs: 'column', md: 'row' }}
              spacing={1}
              sx={{
                alignItems: { md: 'flex-start' },
                p: 1,
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
              }}
              role="group"
              aria-label={t('mastertool.editor.viewRuleN', { n: i + 1, owner })}
            >
              <SelectInput
                path={`${base}.pattern`}
                label={t('mastertool.fields.pattern')}
                value={rule.pattern}
                options={patterns}
                onChange={(v) => set(i, { pattern: v })}
              />
              {rule.pattern === 'formula' ? (
                <>
                  <TextInput
                    path={`${base}.expression`}
                    label={t('mastertool.fields.expression')}
                    width="short"
                    value={rule.expression}
                    onChange={(v) => set(i, { expression: v })}
                  />
                  <SelectInput
                    path={`${base}.symbol`}
                    label={t('mastertool.fields.symbol')}
                    value={rule.symbol}
                    options={symbols}
                    onChange={(v) => set(i, { symbol: v as RuleSymbol })}
                  />
                </>
              ) : null}
              <TextInput
                path={`${base}.expected`}
                label={
                  rule.pattern === 'selected'
                    ? t('mastertool.fields.expectedOption')
                    : t('mastertool.fields.expected')
                }
                width="short"
                value={rule.expected}
                onChange={(v) => set(i, { expected: v })}
              />
              <IconButton
                aria-label={t('mastertool.editor.removeViewRule', { n: i + 1, owner })}
                onClick={() => onChange(rules.filter((_, j) => j !== i))}
                sx={{ alignSelf: { xs: 'flex-start', md: 'center' } }}
              >
                <DeleteIcon />
              </IconButton>
            </Stack>
          );
        })}
      </Stack>
      <Button
        size="small"
        startIcon={<AddIcon />}
        sx={{ mt: 1 }}
        onClick={() =>
          onChange([...rules, { pattern: 'selected', expected: '', expression: '', symbol: '' }])
        }
      >
        {t('mastertool.editor.addViewRule', { owner })}
      </Button>
    </Box>
  );
}
