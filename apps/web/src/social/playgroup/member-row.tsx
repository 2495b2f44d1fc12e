import { useDemotePlaygroupAdmin, usePromotePlaygroupMember } from '@companion/hooks';
import type { Playgroup } from '@companion/sdk/contract';
import { Avatar, Badge, Button, Menu, type MenuEntry } from '@companion/ui';
import { Link } from 'react-router';
import { useToast } from '../../app/toasts';
import { useT } from '../../i18n/use-t';
import { errorMessage } from '../../lib/errors';
import { useLocalePath } from '../../lib/use-locale';
import { displayName, ROLE_KEY, userPath } from '../names';
import type { PendingAction } from './confirm-action';
import type { Member, MemberActions } from './member-actions';

const ROLE_TONE = { owner: 'accent', admin: 'info', member: 'neutral' } as const satisfies Record<
  Member['role'],
  string
>;

/** One member: picture, name, role (or "invited") and the actions the caller may take on them. */
export function MemberRow({
  group,
  member,
  isSelf,
  actions,
  onConfirm,
}: {
  group: Playgroup;
  member: Member;
  isSelf: boolean;
  actions: MemberActions;
  /** Asks for confirmation first (remove, transfer). */
  onConfirm: (pending: PendingAction) => void;
}) {
  const t = useT();
  const lp = useLocalePath();
  const toast = useToast();
  const promote = usePromotePlaygroupMember();
  const demote = useDemotePlaygroupAdmin();
  const name = displayName(member.user);
  const ids = { params: { id: group.id, userId: member.user.id } };
  const fail = (e: unknown) => toast({ tone: 'error', title: errorMessage(e, t) });

  const items: MenuEntry[] = [];
  if (actions.promote)
    items.push({
      id: 'promote',
      label: t('web.social.members.promote'),
      onSelect: () =>
        promote.mutate(ids, {
          onSuccess: () => toast({ tone: 'success', title: t('web.social.members.promoted', { name }) }),
          onError: fail,
        }),
    });
  if (actions.demote)
    items.push({
      id: 'demote',
      label: t('web.social.members.demote'),
      onSelect: () =>
        demote.mutate(ids, {
          onSuccess: () => toast({ tone: 'success', title: t('web.social.members.demoted', { name }) }),
          onError: fail,
        }),
    });
  if (actions.transfer)
    items.push({
      id: 'transfer',
      label: t('web.social.members.transfer'),
      onSelect: () => onConfirm({ kind: 'transfer', member }),
    });
  if (actions.remove)
    items.push({
      id: 'remove',
      danger: true,
      label:
        member.status === 'invited' ? t('web.social.members.cancelInvite') : t('web.social.members.remove'),
      onSelect: () => onConfirm({ kind: 'remove', member }),
    });

  return (
    <li className="web-person" data-testid="member-row" data-name={name}>
      <Avatar name={name} src={member.user.picture} size="md" />
      <div className="web-person__text">
        <Link className="web-person__name" to={lp(userPath(member.user))}>
          {name}
          {isSelf ? ` ${t('web.social.members.you')}` : ''}
        </Link>
        <span>
          {member.status === 'invited' ? (
            <Badge tone="warning">{t('web.social.members.invited')}</Badge>
          ) : (
            <Badge tone={ROLE_TONE[member.role]} data-testid="member-role">
              {t(ROLE_KEY[member.role])}
            </Badge>
          )}
        </span>
      </div>
      {items.length ? (
        <div className="web-person__actions">
          <Menu
            align="end"
            items={items}
            trigger={
              <Button size="sm" variant="secondary" aria-label={t('web.social.members.actionsFor', { name })}>
                {t('web.social.members.actions')}
              </Button>
            }
          />
        </div>
      ) : null}
    </li>
  );
}
