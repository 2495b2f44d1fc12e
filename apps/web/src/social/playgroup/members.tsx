import { useUserStore } from '@companion/hooks';
import { playgroupRights } from '@companion/sdk';
import type { Playgroup } from '@companion/sdk/contract';
import { Button } from '@companion/ui';
import { useState } from 'react';
import { useT } from '../../i18n/use-t';
import { displayName } from '../names';
import { ConfirmAction, type PendingAction } from './confirm-action';
import { Invite } from './invite';
import { memberActions, sortMembers } from './member-actions';
import { MemberRow } from './member-row';

/** The members card: who is in the group, what the caller may do to each, leave or delete, invite. */
export function Members({ group }: { group: Playgroup }) {
  const t = useT();
  const me = useUserStore((s) => s.userId);
  const rights = playgroupRights(group);
  const [pending, setPending] = useState<PendingAction>(null);
  const members = sortMembers(group.members, (m) => displayName(m.user));

  return (
    <section className="web-card" aria-labelledby="members-title">
      <div className="web-card__head">
        <h2 id="members-title">
          {t('web.social.members.title', {
            count: group.members.filter((m) => m.status === 'active').length,
          })}
        </h2>
        <div className="web-actions-row">
          {/* An invitation is answered in the banner above (accept or decline). */}
          {rights.leave && !rights.accept ? (
            <Button size="sm" variant="ghost" onClick={() => setPending({ kind: 'leave' })}>
              {t('web.social.group.leave')}
            </Button>
          ) : null}
          {rights.own ? (
            <Button size="sm" variant="danger" onClick={() => setPending({ kind: 'delete' })}>
              {t('web.social.group.delete')}
            </Button>
          ) : null}
        </div>
      </div>
      <ul className="web-people">
        {members.map((member) => (
          <MemberRow
            key={member.user.id}
            group={group}
            member={member}
            isSelf={member.user.id === me}
            actions={memberActions(group, member, me)}
            onConfirm={setPending}
          />
        ))}
      </ul>
      {rights.manage ? <Invite group={group} /> : null}
      <ConfirmAction group={group} pending={pending} onClose={() => setPending(null)} />
    </section>
  );
}
