// A rule's conditions as groups of "item compared with value": any group holding makes the rule apply
// (「または」), a group holds when all its conditions do (「かつ」). Each field is named by its path, so the
// check's links land on it; the whole is a group named by its row.
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ConditionFields } from './PrefillConditionEditor';
import type { Vocabulary } from './prefill-rules-vocabulary';
import { useProblems } from './PrefillRulesFields';
import { addCondition, removeCondition, setCondition, type Conditions } from './rule-lists';
import { fieldId } from './validation';

/** Whether a problem's path is one a field of `RuleConditions` at `path` shows. */
export const conditionsShow = (path: string, problem: string) =>
  problem === path || /^\[\d+\]\[\d+\]\.(source|symbol|expected)$/.test(problem.slice(path.length));

export function RuleConditions({
  path,
  ors,
  words,
  none,
  forRow,
  onChange,
  onFocus,
}: {
  /** `…hidden_rules[0].conditions` */
  path: string;
  ors: Conditions;
  words: Vocabulary;
  /** Said when there is no condition (what the rule then does, or that one is needed). */
  none: string;
  /** An action's name with its row's (「削除（非表示ルール 1）」), for controls repeated on every row. */
  forRow: (action: string) => string;
  /** Given how to change the conditions of now (the row reads its current rule). */
  onChange: (change: (ors: Conditions) => Conditions) => void;
  onFocus: (...ids: string[]) => void;
}) {
  const { t } = useTranslation();
  const problem = useProblems().at(path);
  const id = fieldId(path);
  const label = t('mastertool.rules.conditions.label');
  const addOrId = `${id}-add-or`;
  const addAndId = (j: number) => `${id}-add-${j}`;
  // The first condition starts the first group; later ones start another group (「または」).
  const addOr = t(
    ors.length === 0 ? 'mastertool.rules.conditions.addFirst' : 'mastertool.rules.conditions.addOr',
  );
  return (
    <Box
      id={id}
      tabIndex={-1}
      role="group"
      aria-label={forRow(label)}
      aria-describedby={problem ? `${id}-problem` : undefined}
      sx={{ mt: 1, pl: { sm: 2 }, borderLeft: { sm: 2 }, borderColor: { sm: 'divider' } }}
    >
      <Typography component="h4" sx={{ fontWeight: 700, mb: 0.5 }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('mastertool.rules.conditions.help')}
      </Typography>
      {problem ? (
        <Typography id={`${id}-problem`} color="error" variant="body2" sx={{ mb: 1 }}>
          {problem}
        </Typography>
      ) : null}
      {ors.length === 0 ? (
        <Typography variant="body2" sx={{ mb: 1 }}>
          {none}
        </Typography>
      ) : null}
      <Stack spacing={1}>
        {ors.map((and, j) => (
          <Box key={j}>
            {j > 0 ? (
              <Typography variant="body2" sx={{ fontWeight: 700, mb: 1 }}>
                {t('mastertool.rules.conditions.or')}
              </Typography>
            ) : null}
            <Box
              role="group"
              aria-label={forRow(t('mastertool.rules.conditions.groupN', { j: j + 1 }))}
              sx={{ p: 1, border: 1, borderColor: 'divider', borderRadius: 1 }}
            >
              <Stack spacing={1}>
                {and.map((c, k) => (
                  <Stack
                    key={k}
                    direction={{ xs: 'column', md: 'row' }}
                    spacing={1}
                    role="group"
                    aria-label={forRow(t('mastertool.rules.conditions.conditionN', { k: k + 1, j: j + 1 }))}
                    sx={{ alignItems: { md: 'flex-start' } }}
                  >
                    <ConditionFields
                      base={`${path}[${j}][${k}]`}
                      condition={c}
                      words={words}
                      onSet={(patch) => onChange((now) => setCondition(now, j, k, patch))}
                    />
                    <IconButton
                      aria-label={forRow(t('mastertool.rules.conditions.remove', { k: k + 1, j: j + 1 }))}
                      onClick={() => {
                        onChange((now) => removeCondition(now, j, k));
                        // The group's add button, or (the group gone) the next one's, or "or".
                        onFocus(addAndId(and.length > 1 ? j : j + 1), addAndId(j - 1), addOrId);
                      }}
                      sx={{ alignSelf: { xs: 'flex-start', md: 'center' } }}
                    >
                      <DeleteIcon />
                    </IconButton>
                  </Stack>
                ))}
              </Stack>
              <Button
                id={addAndId(j)}
                size="small"
                startIcon={<AddIcon />}
                aria-label={forRow(t('mastertool.rules.conditions.addAnd', { j: j + 1 }))}
                onClick={() => {
                  onChange((now) => addCondition(now, j));
                  onFocus(fieldId(`${path}[${j}][${and.length}].source`));
                }}
                sx={{ mt: 1 }}
              >
                {t('mastertool.rules.conditions.addAndText')}
              </Button>
            </Box>
          </Box>
        ))}
      </Stack>
      <Button
        id={addOrId}
        size="small"
        startIcon={<AddIcon />}
        aria-label={forRow(addOr)}
        onClick={() => {
          onChange((now) => addCondition(now, now.length));
          onFocus(fieldId(`${path}[${ors.length}][0].source`));
        }}
        sx={{ mt: 1 }}
      >
        {addOr}
      </Button>
    </Box>
  );
}
