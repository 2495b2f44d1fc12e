import '../social/social.css';
import {
  useAcceptPlaygroup,
  useCreateGame,
  useDeletePlaygroup,
  useDemotePlaygroupAdmin,
  useInviteToPlaygroup,
  useLeavePlaygroup,
  useMyFriends,
  usePlaygroup,
  usePlaygroupGames,
  usePromotePlaygroupMember,
  useRemovePlaygroupMember,
  useTransferPlaygroupOwnership,
  useUpdatePlaygroup,
  useUploadPlaygroupPicture,
  useUserStore,
} from '@companion/hooks';
import type { Playgroup } from '@companion/sdk/contract';
import {
  Avatar,
  Badge,
  Button,
  ConfirmDialog,
  Dialog,
  FormField,
  Input,
  Menu,
  type MenuEntry,
  Select,
  Skeleton,
  TextArea,
} from '@companion/ui';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import { useToast } from '../app/toasts';
import { PageHeading } from '../components/page-heading';
import { useT } from '../i18n/use-t';
import { errorMessage } from '../lib/errors';
import { useLocalePath } from '../lib/use-locale';
import { ChartWithTable } from '../social/chart-table';
import { GameFiltersBar, useGameFilters } from '../social/game-filters';
import { GameForm } from '../social/game-form';
import { GameList, NoGames } from '../social/game-list';
import { GroupPicture } from '../social/group-picture';
import { displayName, playerName, ROLE_KEY, userPath } from '../social/names';

type Member = Playgroup['members'][number];
type Pending = { kind: 'remove' | 'transfer'; member: Member } | { kind: 'leave' | 'delete' } | null;

function Members({ group }: { group: Playgroup }) {
  const t = useT();
  const lp = useLocalePath();
  const toast = useToast();
  const me = useUserStore((s) => s.userId);
  const navigate = useNavigate();
  const promote = usePromotePlaygroupMember();
  const demote = useDemotePlaygroupAdmin();
  const remove = useRemovePlaygroupMember();
  const transfer = useTransferPlaygroupOwnership();
  const leave = useLeavePlaygroup();
  const del = useDeletePlaygroup();
  const [pending, setPending] = useState<Pending>(null);
  const owner = group.role === 'owner' && group.status === 'active';
  const manager = (group.role === 'owner' || group.role === 'admin') && group.status === 'active';
  const fail = (e: unknown) => toast({ tone: 'error', title: errorMessage(e, t) });
  const ids = (m: Member) => ({ params: { id: group.id, userId: m.user.id } });

  const order = { owner: 0, admin: 1, member: 2 } as const;
  const members = [...group.members].sort(
    (a, b) =>
      Number(a.status === 'invited') - Number(b.status === 'invited') ||
      order[a.role] - order[b.role] ||
      displayName(a.user).localeCompare(displayName(b.user)),
  );

  const actionsFor = (m: Member): MenuEntry[] => {
    if (m.user.id === me || m.role === 'owner') return [];
    const name = displayName(m.user);
    const items: MenuEntry[] = [];
    if (owner && m.status === 'active') {
      if (m.role === 'member')
        items.push({
          id: 'promote',
          label: t('web.social.members.promote'),
          onSelect: () =>
            promote.mutate(ids(m), {
              onSuccess: () => toast({ tone: 'success', title: t('web.social.members.promoted', { name }) }),
              onError: fail,
            }),
        });
      else
        items.push({
          id: 'demote',
          label: t('web.social.members.demote'),
          onSelect: () =>
            demote.mutate(ids(m), {
              onSuccess: () => toast({ tone: 'success', title: t('web.social.members.demoted', { name }) }),
              onError: fail,
            }),
        });
      items.push({
        id: 'transfer',
        label: t('web.social.members.transfer'),
        onSelect: () => setPending({ kind: 'transfer', member: m }),
      });
    }
    if (owner || (manager && m.role === 'member'))
      items.push({
        id: 'remove',
        danger: true,
        label: m.status === 'invited' ? t('web.social.members.cancelInvite') : t('web.social.members.remove'),
        onSelect: () => setPending({ kind: 'remove', member: m }),
      });
    return items;
  };

  const confirm = async () => {
    if (!pending) return;
    try {
      if (pending.kind === 'remove') await remove.mutateAsync(ids(pending.member));
      else if (pending.kind === 'transfer') {
        await transfer.mutateAsync(ids(pending.member));
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
      fail(e);
    }
  };
  const confirmText = (() => {
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
    <section className="web-card" aria-labelledby="members-title">
      <div className="web-card__head">
        <h2 id="members-title">
          {t('web.social.members.title', {
            count: group.members.filter((m) => m.status === 'active').length,
          })}
        </h2>
        <div className="web-actions-row">
          {group.status === 'active' && group.role !== 'owner' ? (
            <Button size="sm" variant="ghost" onClick={() => setPending({ kind: 'leave' })}>
              {t('web.social.group.leave')}
            </Button>
          ) : null}
          {owner ? (
            <Button size="sm" variant="danger" onClick={() => setPending({ kind: 'delete' })}>
              {t('web.social.group.delete')}
            </Button>
          ) : null}
        </div>
      </div>
      <ul className="web-people">
        {members.map((m) => {
          const name = displayName(m.user);
          const items = actionsFor(m);
          return (
            <li key={m.user.id} className="web-person" data-testid="member-row" data-name={name}>
              <Avatar name={name} src={m.user.picture} size="md" />
              <div className="web-person__text">
                <Link className="web-person__name" to={lp(userPath(m.user))}>
                  {name}
                  {m.user.id === me ? ` ${t('web.social.members.you')}` : ''}
                </Link>
                <span>
                  {m.status === 'invited' ? (
                    <Badge tone="warning">{t('web.social.members.invited')}</Badge>
                  ) : (
                    <Badge
                      tone={m.role === 'owner' ? 'accent' : m.role === 'admin' ? 'info' : 'neutral'}
                      data-testid="member-role"
                    >
                      {t(ROLE_KEY[m.role])}
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
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={t('web.social.members.actionsFor', { name })}
                      >
                        {t('web.social.members.actions')}
                      </Button>
                    }
                  />
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      {manager ? <Invite group={group} /> : null}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={confirmText.title}
        description={confirmText.description || undefined}
        confirmLabel={confirmText.label}
        destructive
        onConfirm={confirm}
      />
    </section>
  );
}

function Invite({ group }: { group: Playgroup }) {
  const t = useT();
  const lp = useLocalePath();
  const toast = useToast();
  const friends = useMyFriends();
  const invite = useInviteToPlaygroup();
  const [choice, setChoice] = useState<string | undefined>(undefined);
  const inGroup = new Set(group.members.map((m) => m.user.id));
  const candidates = (friends.data?.friends ?? []).filter(
    (f) => f.status === 'accepted' && !inGroup.has(f.user.id),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!choice) return;
    const friend = candidates.find((f) => f.user.id === choice);
    invite.mutate(
      { params: { id: group.id }, body: { id: choice } },
      {
        onSuccess: () => {
          setChoice(undefined);
          toast({ tone: 'success', title: t('web.social.invite.sent', { name: displayName(friend?.user) }) });
        },
      },
    );
  };
  return (
    <form className="web-form web-invite" onSubmit={submit} aria-labelledby="invite-title">
      <h3 id="invite-title">{t('web.social.invite.title')}</h3>
      {candidates.length === 0 ? (
        <p className="web-muted">
          {t('web.social.invite.noFriends')}{' '}
          <Link to={lp('/friends/add')}>{t('web.social.friends.add')}</Link>
        </p>
      ) : (
        <div className="web-actions-row web-invite__row">
          <FormField label={t('web.social.invite.friend')}>
            <Select
              name="invite"
              value={choice}
              placeholder={t('web.social.invite.choose')}
              onValueChange={setChoice}
              options={candidates.map((f) => ({ value: f.user.id, label: displayName(f.user) }))}
            />
          </FormField>
          <Button type="submit" variant="primary" disabled={!choice} loading={invite.isPending}>
            {t('web.social.invite.submit')}
          </Button>
        </div>
      )}
      {invite.error ? (
        <p className="web-form__error" role="alert">
          {errorMessage(invite.error, t)}
        </p>
      ) : null}
    </form>
  );
}

function PictureButton({ group }: { group: Playgroup }) {
  const t = useT();
  const toast = useToast();
  const upload = useUploadPlaygroupPicture();
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!/^image\/(png|jpeg|webp)$/.test(file.type) || file.size > 5 * 1024 * 1024)
      return toast({ tone: 'error', title: t('web.social.create.pictureHint') });
    upload.mutate(
      { params: { id: group.id }, body: { file } },
      {
        onSuccess: () => toast({ tone: 'success', title: t('web.social.group.pictureSaved') }),
        onError: (e) => toast({ tone: 'error', title: errorMessage(e, t) }),
      },
    );
  };
  return (
    <label className="web-file-button">
      <input
        type="file"
        accept="image/png,image/jpeg,image/webp"
        className="cui-visually-hidden"
        onChange={pick}
      />
      <span>{upload.isPending ? t('web.social.group.uploading') : t('web.social.group.changePicture')}</span>
    </label>
  );
}

function EditGroup({ group }: { group: Playgroup }) {
  const t = useT();
  const toast = useToast();
  const update = useUpdatePlaygroup();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(group.name);
  const [description, setDescription] = useState(group.description ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    update.mutate(
      { params: { id: group.id }, body: { name: name.trim(), description: description.trim() || null } },
      {
        onSuccess: () => {
          setOpen(false);
          toast({ tone: 'success', title: t('web.social.group.saved') });
        },
      },
    );
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setName(group.name);
          setDescription(group.description ?? '');
        }
      }}
      title={t('web.social.group.edit')}
      trigger={<Button variant="secondary">{t('web.social.group.edit')}</Button>}
    >
      <form className="web-form" onSubmit={submit} noValidate>
        <FormField label={t('web.social.create.name')} required>
          <Input name="name" value={name} maxLength={80} onChange={(e) => setName(e.target.value)} />
        </FormField>
        <FormField label={t('web.social.create.description')}>
          <TextArea
            name="description"
            rows={3}
            maxLength={2000}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </FormField>
        {update.error ? (
          <p className="web-form__error" role="alert">
            {errorMessage(update.error, t)}
          </p>
        ) : null}
        <Button type="submit" variant="primary" loading={update.isPending} disabled={!name.trim()}>
          {t('web.social.tags.save')}
        </Button>
      </form>
    </Dialog>
  );
}

function GamesAndLeaderboard({ group }: { group: Playgroup }) {
  const t = useT();
  const intl = useIntl();
  const [filters] = useGameFilters();
  const games = usePlaygroupGames({ params: { id: group.id }, query: filters });
  const create = useCreateGame();
  const toast = useToast();
  const [recording, setRecording] = useState(false);
  const rows = games.data?.leaderboard ?? [];
  return (
    <>
      <section className="web-card" aria-labelledby="leaderboard-title">
        <h2 id="leaderboard-title">{t('web.social.leaderboard.title')}</h2>
        {games.isPending ? (
          <Skeleton shape="rect" height={260} />
        ) : rows.length === 0 ? (
          <p className="web-muted">{t('web.social.leaderboard.empty')}</p>
        ) : (
          <ChartWithTable
            caption={t('web.social.leaderboard.caption', { name: group.name })}
            rows={rows}
            rowKey={(r) => r.user?.id ?? `guest:${r.guestName}`}
            chart={(r) => ({ label: playerName(r), value: r.wins })}
            chartName={t('web.social.leaderboard.wins')}
            showTable
            columns={[
              { header: t('web.social.leaderboard.player'), cell: (r) => playerName(r) },
              { header: t('web.social.leaderboard.wins'), cell: (r) => r.wins, numeric: true },
              {
                header: t('web.social.leaderboard.winRate'),
                cell: (r) => intl.formatNumber(r.winRate, { style: 'percent', maximumFractionDigits: 0 }),
                numeric: true,
              },
              { header: t('web.social.leaderboard.games'), cell: (r) => r.games, numeric: true },
              {
                header: t('web.social.leaderboard.favouriteDeck'),
                cell: (r) => r.favouriteDeck?.name ?? '—',
              },
            ]}
          />
        )}
      </section>
      <section className="web-card" aria-labelledby="group-games-title">
        <div className="web-card__head">
          <h2 id="group-games-title">{t('web.social.games.title')}</h2>
          <Button variant="primary" size="sm" onClick={() => setRecording(true)}>
            {t('web.social.games.record')}
          </Button>
        </div>
        <GameFiltersBar />
        {games.isPending ? (
          <Skeleton lines={3} />
        ) : games.error ? (
          <p className="web-form__error" role="alert">
            {errorMessage(games.error, t)}
          </p>
        ) : (
          <GameList
            games={games.data.games}
            empty={<NoGames hint={t('web.social.games.emptyGroupHint')} />}
          />
        )}
      </section>
      <Dialog open={recording} onOpenChange={setRecording} title={t('web.social.games.record')} size="lg">
        <GameForm
          playgroupId={group.id}
          submitLabel={t('web.social.games.save')}
          pending={create.isPending}
          error={create.error}
          onCancel={() => setRecording(false)}
          onSubmit={(body) =>
            create.mutate(
              { body },
              {
                onSuccess: () => {
                  setRecording(false);
                  toast({ tone: 'success', title: t('web.social.games.recorded') });
                },
              },
            )
          }
        />
      </Dialog>
    </>
  );
}

export function Component() {
  const t = useT();
  const { id = '' } = useParams();
  const toast = useToast();
  const navigate = useNavigate();
  const lp = useLocalePath();
  const query = usePlaygroup({ params: { id } });
  const accept = useAcceptPlaygroup();
  const decline = useLeavePlaygroup();
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
        <p className="web-form__error" role="alert">
          {errorMessage(query.error, t)}
        </p>
      </>
    );
  const group = query.data.playgroup;
  const manager = (group.role === 'owner' || group.role === 'admin') && group.status === 'active';
  return (
    <>
      <div className="web-group web-group--page">
        <GroupPicture name={group.name} src={group.picture} large />
        <PageHeading
          title={group.name}
          description={group.description ?? t('web.page.playgroup.description')}
          eyebrow={
            <>
              {t('web.page.playgroup.title')} ·{' '}
              <span data-testid="my-role">
                {group.status === 'invited' ? t('web.social.members.invited') : t(ROLE_KEY[group.role])}
              </span>
            </>
          }
          actions={
            manager ? (
              <>
                <EditGroup group={group} />
                <PictureButton group={group} />
              </>
            ) : undefined
          }
        />
      </div>
      {group.status === 'invited' ? (
        <section className="web-banner" aria-label={t('web.social.playgroups.invitations')}>
          <p>{t('web.social.group.invitedBanner', { name: group.name })}</p>
          <div className="web-actions-row">
            <Button
              variant="primary"
              loading={accept.isPending}
              onClick={() =>
                accept.mutate(
                  { params: { id } },
                  { onError: (e) => toast({ tone: 'error', title: errorMessage(e, t) }) },
                )
              }
            >
              {t('web.social.playgroups.accept')}
            </Button>
            <Button
              variant="ghost"
              onClick={() =>
                decline.mutate({ params: { id } }, { onSuccess: () => void navigate(lp('/playgroups')) })
              }
            >
              {t('web.social.playgroups.decline')}
            </Button>
          </div>
        </section>
      ) : null}
      <div className="web-columns">
        <div className="web-stack">
          {group.status === 'active' ? <GamesAndLeaderboard group={group} /> : null}
        </div>
        <Members group={group} />
      </div>
    </>
  );
}
