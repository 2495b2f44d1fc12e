import '../social/social.css';
import { usePlaygroup } from '@companion/hooks';
import { playgroupRights } from '@companion/sdk';
import { Markdown, Skeleton } from '@companion/ui';
import { useParams } from 'react-router';
import { LoadError } from '../components/load-error';
import { PageHeading } from '../components/page-heading';
import { useT } from '../i18n/use-t';
import { GroupPicture } from '../social/group-picture';
import { ROLE_KEY } from '../social/names';
import { EditGroup } from '../social/playgroup/edit-group';
import { GroupGames } from '../social/playgroup/group-games';
import { InvitationBanner } from '../social/playgroup/invitation-banner';
import { Members } from '../social/playgroup/members';
import { PictureButton } from '../social/playgroup/picture-button';

/**
 * `/playgroup/{id}/{name}`: the group, its games and leaderboard, its members. Which actions show
 * comes from the shared permission rules (`playgroupRights` and the member rules in
 * `social/playgroup/member-actions.ts`), the ones the server enforces.
 */
export function Component() {
  const t = useT();
  const { id = '' } = useParams();
  const query = usePlaygroup({ params: { id } });
  if (query.isPending)
    return (
      <>
        <PageHeading title={t('web.page.playgroup.title')} />
        <Skeleton lines={6} />
      </>
    );
  if (query.error)
    return (
      <>
        <PageHeading
          title={t('web.page.playgroup.title')}
          description={t('web.page.playgroup.description')}
        />
        <LoadError error={query.error} thing="playgroup" onRetry={() => void query.refetch()} />
      </>
    );
  const group = query.data.playgroup;
  const rights = playgroupRights(group);
  return (
    <>
      <div className="web-group web-group--page">
        <GroupPicture name={group.name} src={group.picture} large />
        <PageHeading
          title={group.name}
          description={
            group.description ? (
              <Markdown source={group.description} className="web-rich-description" />
            ) : (
              t('web.page.playgroup.description')
            )
          }
          eyebrow={
            <>
              {t('web.page.playgroup.title')} ·{' '}
              <span data-testid="my-role">
                {group.status === 'invited' ? t('web.social.members.invited') : t(ROLE_KEY[group.role])}
              </span>
            </>
          }
          actions={
            rights.manage ? (
              <>
                <EditGroup group={group} />
                <PictureButton group={group} />
              </>
            ) : undefined
          }
        />
      </div>
      {rights.accept ? <InvitationBanner group={group} /> : null}
      <div className="web-columns">
        <div className="web-stack">{rights.viewGames ? <GroupGames group={group} /> : null}</div>
        <Members group={group} />
      </div>
    </>
  );
}
