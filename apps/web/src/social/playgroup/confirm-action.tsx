import {
  useDeletePlaygroup,
  useLeavePlaygroup,
  useRemovePlaygroupMember,
  useTransferPlaygroupOwnership,
} from '@companion/hooks';
import type { Playgroup } from '@companion/sdk/contract';
import { ConfirmDialog } from '@companion/ui';
import { useNavigate } from 'react-router';
import { useToast } from '../../app/toasts';
import { useT } from '../../i18n/use-t';
import { errorMessage } from '../../lib/errors';
import { useLocalePath } from '../../lib/use-locale';
import { displayName } from '../names';
import type { Member } from './member-actions';

/** A destructive action waiting for the user's confirmation. */
export type PendingAction =
  | { kind: 'remove' | 'transfer'; member: Member }
  | { kind: 'leave' | 'delete' }
  | null;

/** Asks before removing a member (or cancelling an invitation), handing the group over, leaving or deleting it. */
export function ConfirmAction({
  group,
  pending,
  onClose,
}: {
  group: Playgroup;
  pending: PendingAction;
  onClose: () => void;
}) {
  const t = useT();
  const lp = useLocalePath();
  const toast = useToast();
  const navigate = useNavigate();
  const remove = useRemovePlaygroupMember();
  const transfer = useTransferPlaygroupOwnership();
  const leave = useLeavePlaygroup();
  const del = useDeletePlaygroup();

  const confirm = async () => {
    if (!pending) return;
    try {
      if (pending.kind === 'remove') {
        await remove.mutateAsync({ params: { id: group.id, userId: pending.member.user.id } });
      } else if (pending.kind === 'transfer') {
        await transfer.mutateAsync({ params: { id: group.id, userId: pending.member.user.id } });
        toast({
          tone: 'success',
          title: t('web.social.members.transferred', { name: displayName(pending.member.user) }),
        });
      } else if (pending.kind === 'leave') {
        await leave.mutateAsync({ params: { id: group.id } });
        void navigate(lp('/playgroups'));
      } else {
        await del.mutateAsync({ params: { id: group.id } });
        toast({ tone: 'success', title: t('web.social.group.deleted', { name: group.name }) });
        void navigate(lp('/playgroups'));
      }
    } catch (e) {
      toast({ tone: 'error', title: errorMessage(e, t) });
    }
  };

  const text = (() => {
    if (!pending) return { title: '', label: '', description: '' };
    if (pending.kind === 'remove') {
      const name = displayName(pending.member.user);
      return pending.member.status === 'invited'
        ? {
            title: t('web.social.members.cancelInviteTitle', { name }),
            label: t('web.social.members.cancelInvite'),
            description: '',
          }
        : {
            title: t('web.social.members.removeTitle', { name }),
            label: t('web.social.members.remove'),
            description: t('web.social.members.removeHint'),
          };
    }
    if (pending.kind === 'transfer') {
      const name = displayName(pending.member.user);
      return {
        title: t('web.social.members.transferTitle', { name }),
        label: t('web.social.members.transfer'),
        description: t('web.social.members.transferHint', { name }),
      };
    }
    if (pending.kind === 'leave')
      return {
        title: t('web.social.group.leaveTitle', { name: group.name }),
        label: t('web.social.group.leave'),
        description: t('web.social.group.leaveHint'),
      };
    return {
      title: t('web.social.group.deleteTitle', { name: group.name }),
      label: t('web.social.group.delete'),
      description: t('web.social.group.deleteHint'),
    };
  })();

  return (
    <ConfirmDialog
      open={pending !== null}
      onOpenChange={(open) => !open && onClose()}
      title={text.title}
      description={text.description || undefined}
      confirmLabel={text.label}
      destructive
      onConfirm={confirm}
    />
  );
}
