// A RowList row's buttons: up and down (where the list's order matters) and remove, with the ids the list
// moves the focus to (`<row>-up`, `<row>-down`, `<row>-remove`) and names that say which row.
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

export function RowButtons({
  id,
  move,
  remove,
}: {
  /** The row's id (`fieldId` of its path). */
  id: string;
  move?: { first: boolean; last: boolean; upLabel: string; downLabel: string; onMove: (by: -1 | 1) => void };
  remove: { text: string; label: string; disabled?: boolean; onRemove: () => void };
}) {
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ justifyContent: 'flex-end', alignItems: 'center', flexWrap: 'wrap', mt: 1 }}
    >
      {move ? (
        <>
          <IconButton
            id={`${id}-up`}
            aria-label={move.upLabel}
            disabled={move.first}
            onClick={() => move.onMove(-1)}
          >
            <ArrowUpwardIcon />
          </IconButton>
          <IconButton
            id={`${id}-down`}
            aria-label={move.downLabel}
            disabled={move.last}
            onClick={() => move.onMove(1)}
          >
            <ArrowDownwardIcon />
          </IconButton>
        </>
      ) : null}
      <Button
        id={`${id}-remove`}
        color="error"
        size="small"
        startIcon={<DeleteIcon />}
        aria-label={remove.label}
        disabled={remove.disabled}
        onClick={remove.onRemove}
      >
        {remove.text}
      </Button>
    </Stack>
  );
}

/** A rule row's move and remove buttons, named for the row (`コピーのルール 2`) as the rules tab names them. */
export function RuleRowButtons({
  id,
  row,
  first,
  last,
  onMove,
  onRemove,
}: {
  id: string;
  /** The row's name, e.g. 「コピーのルール 2」. */
  row: string;
  first: boolean;
  last: boolean;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <RowButtons
      id={id}
      move={{
        first,
        last,
        upLabel: t('mastertool.rules.moveUp', { row }),
        downLabel: t('mastertool.rules.moveDown', { row }),
        onMove,
      }}
      remove={{
        text: t('mastertool.rules.remove'),
        label: t('mastertool.rules.forRow', { action: t('mastertool.rules.remove'), row }),
        onRemove,
      }}
    />
  );
}
