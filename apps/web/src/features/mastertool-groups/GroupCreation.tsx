// The ways to a new procedure group from 反映の管理 (decision 0024): 「新しい手続きグループ」 from a
// minimal skeleton, and 「コピーして作成」 of a group into a chosen municipality. Both open the new draft
// through `onCreated`, which the screen turns into its editor's address.
import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';
import { IconType } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation, useApiQuery } from '../../lib/api';
import { groupIcons } from '../../lib/group-icons/group-icons';
import { GroupDialog } from './GroupDialog';

/** Told where the new draft is: its municipality and reflection manager (procedure group) id. */
export type OnCreated = (code: string, groupId: number) => void;

export function NewGroupButton({ code, onCreated }: { code: string; onCreated: OnCreated }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const create = useApiMutation('operator.procedure_group.create_new');
  return (
    <>
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        {t('mastertool.groups.new')}
      </Button>
      <GroupDialog
        id="new-group"
        open={open}
        onClose={() => setOpen(false)}
        title={t('mastertool.groups.newTitle')}
        intro={t('mastertool.groups.newIntro')}
        submitLabel={t('mastertool.groups.create')}
        defaultName=""
        choice={{
          label: t('mastertool.groups.icon'),
          value: 'OT',
          options: IconType.options.map((v) => {
            const Icon = groupIcons[v];
            return {
              value: v,
              label: t(`mastertool.iconTypes.${v}`),
              icon: <Icon aria-hidden fontSize="small" />,
            };
          }),
        }}
        onSubmit={async ({ name, choice }) => {
          const draft = await create.mutateAsync({
            params: { code },
            body: { name, icon_type: IconType.parse(choice) },
          });
          await queryClient.invalidateQueries();
          setOpen(false);
          onCreated(code, draft.reflection_manager_id);
        }}
      />
    </>
  );
}

export function CopyGroupButton({
  code,
  group,
  onCreated,
}: {
  /** The municipality the group belongs to. */
  code: string;
  group: { id: number; name: string };
  onCreated: OnCreated;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const municipalities = useApiQuery('operator.municipalities', undefined, { enabled: open });
  const copy = useApiMutation('operator.procedure_group.copy');
  const options = (municipalities.data?.municipalities ?? [{ code, name: code }]).map((m) => ({
    value: m.code,
    label: `${m.name}（${m.code}）`,
  }));
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<ContentCopyIcon />}
        aria-label={t('mastertool.groups.copyLabel', { name: group.name })}
        onClick={() => setOpen(true)}
      >
        {t('mastertool.groups.copy')}
      </Button>
      {open ? (
        <GroupDialog
          id={`copy-group-${group.id}`}
          open={open}
          onClose={() => setOpen(false)}
          title={t('mastertool.groups.copyTitle', { name: group.name })}
          intro={t('mastertool.groups.copyIntro')}
          submitLabel={t('mastertool.groups.copySubmit')}
          defaultName={t('mastertool.groups.copyName', { name: group.name })}
          choice={{ label: t('mastertool.groups.target'), value: code, options }}
          onSubmit={async ({ name, choice: target }) => {
            const draft = await copy.mutateAsync({
              params: { code: target },
              body: { source_code: code, source_reflection_manager_id: group.id, name },
            });
            await queryClient.invalidateQueries();
            setOpen(false);
            onCreated(target, draft.reflection_manager_id);
          }}
        />
      ) : null}
    </>
  );
}
