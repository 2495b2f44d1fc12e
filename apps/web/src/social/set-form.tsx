import { useFormats, useGameSets, useMyPlaygroups, useUserStore } from '@companion/hooks';
import { canEditSet, LIMITS } from '@companion/sdk';
import type { GameSet, GameSetSummary } from '@companion/sdk/contract';
import { FormField, Input, Select } from '@companion/ui';
import { type FormEvent, useState } from 'react';
import { useT } from '../i18n/use-t';
import { errorMessage } from '../lib/errors';
import { FormActions } from './form-actions';
import { localDateTime } from './local-date';

const NONE = '__none';

/** What the set form sends: POST /set and PUT /set/:id take the same fields. */
export interface SetFormValues {
  name: string;
  playedAt?: string;
  formatId: string | null;
  playgroupId: string | null;
}

/**
 * The sets the player may put games in (theirs, and those of the playgroups they manage), newest
 * first: the shared rule the server applies too. The largest page the API gives.
 */
export function useEditableSets(): { sets: GameSetSummary[]; visible: GameSetSummary[] } {
  const me = useUserStore((s) => s.userId);
  const sets = useGameSets({ query: { limit: LIMITS.pageSize.max } });
  const playgroups = useMyPlaygroups();
  const standing = new Map((playgroups.data?.playgroups ?? []).map((p) => [p.id, p]));
  const visible = sets.data?.sets ?? [];
  const editable = visible.filter(
    (s) =>
      me !== null &&
      canEditSet({ id: me, standing: s.playgroupId ? (standing.get(s.playgroupId) ?? null) : null }, s),
  );
  return { sets: editable, visible };
}

/** Create or edit a set of games: its name, when it was played, its format and playgroup (both optional). */
export function SetForm({
  set,
  playgroupId: initialPlaygroup,
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  set?: Pick<GameSet, 'name' | 'playedAt' | 'formatId' | 'playgroupId'>;
  /** A playgroup to start with (a new set from a playgroup's page). */
  playgroupId?: string | null;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (values: SetFormValues) => void;
  onCancel?: () => void;
}) {
  const t = useT();
  const formats = useFormats();
  const playgroups = useMyPlaygroups();
  const [name, setName] = useState(set?.name ?? '');
  const [playedAt, setPlayedAt] = useState(localDateTime(set?.playedAt ?? new Date().toISOString()));
  const [formatId, setFormatId] = useState(set?.formatId ?? NONE);
  const [playgroupId, setPlaygroupId] = useState(set?.playgroupId ?? initialPlaygroup ?? NONE);
  const [problem, setProblem] = useState<string | null>(null);

  const groups = (playgroups.data?.playgroups ?? []).filter(
    (p) => p.status === 'active' || p.id === set?.playgroupId,
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!name.trim()) return setProblem(t('web.social.sets.needName'));
    const when = new Date(playedAt);
    onSubmit({
      name: name.trim(),
      ...(Number.isNaN(when.getTime()) ? {} : { playedAt: when.toISOString() }),
      formatId: formatId === NONE ? null : formatId,
      playgroupId: playgroupId === NONE ? null : playgroupId,
    });
  };
  const shown = problem ?? (error ? errorMessage(error, t) : null);
  return (
    <form className="web-form" onSubmit={submit} noValidate aria-label={submitLabel}>
      <FormField label={t('web.social.sets.name')} hint={t('web.social.sets.nameHint')} required>
        <Input
          name="name"
          value={name}
          maxLength={LIMITS.setName.max}
          autoComplete="off"
          onChange={(e) => {
            setName(e.target.value);
            setProblem(null);
          }}
        />
      </FormField>
      <div className="web-inline-fields web-inline-fields--wide">
        <FormField label={t('web.social.sets.playedAt')}>
          <Input
            type="datetime-local"
            name="playedAt"
            value={playedAt}
            onChange={(e) => setPlayedAt(e.target.value)}
          />
        </FormField>
        <FormField label={t('web.social.form.format')}>
          <Select
            name="format"
            value={formatId}
            onValueChange={setFormatId}
            options={[
              { value: NONE, label: t('web.social.sets.anyFormat') },
              ...(formats.data?.formats ?? []).map((f) => ({ value: f.id, label: f.name })),
            ]}
          />
        </FormField>
        <FormField label={t('web.social.form.playgroup')}>
          <Select
            name="playgroup"
            value={playgroupId}
            onValueChange={setPlaygroupId}
            options={[
              { value: NONE, label: t('web.social.form.noPlaygroup') },
              ...groups.map((p) => ({ value: p.id, label: p.name })),
            ]}
          />
        </FormField>
      </div>
      {shown ? (
        <p className="web-form__error" role="alert">
          {shown}
        </p>
      ) : null}
      <FormActions submitLabel={submitLabel} pending={pending} onCancel={onCancel} />
    </form>
  );
}
