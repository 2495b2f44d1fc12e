import { useFormats, useTags } from '@companion/hooks';
import type { GameFilters } from '@companion/sdk/contract';
import { FormField, Input, Select } from '@companion/ui';
import { useSearchParams } from 'react-router';
import { useT } from '../i18n/use-t';

const ALL = '__all';

/** Game filters kept in the URL (`since`, `format`, `subformat`, `tag`), so a filtered list can be shared. */
export function useGameFilters(): [GameFilters, (key: string, value: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const filters: GameFilters = {};
  const since = params.get('since');
  if (since && /^\d{4}-\d{2}-\d{2}$/.test(since)) filters.timestamp = since;
  const format = params.get('format');
  if (format) filters.formatid = format;
  const sub = params.get('subformat');
  if (sub) filters.subformatid = sub;
  const tag = params.get('tag');
  if (tag) filters.tagid = tag;
  const set = (key: string, value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        if (key === 'format') next.delete('subformat');
        return next;
      },
      { replace: true },
    );
  return [filters, set];
}

export function GameFiltersBar({ withTags = true }: { withTags?: boolean }) {
  const t = useT();
  const [filters, set] = useGameFilters();
  const formats = useFormats();
  const tags = useTags();
  const format = formats.data?.formats.find((f) => f.id === filters.formatid);
  return (
    <fieldset className="web-filters">
      <legend className="cui-visually-hidden">{t('web.social.filters.legend')}</legend>
      <FormField label={t('web.social.filters.since')}>
        <Input
          type="date"
          name="since"
          value={typeof filters.timestamp === 'string' ? filters.timestamp : ''}
          onChange={(e) => set('since', e.target.value || null)}
        />
      </FormField>
      <FormField label={t('web.social.filters.format')}>
        <Select
          name="format"
          value={filters.formatid ?? ALL}
          onValueChange={(v) => set('format', v === ALL ? null : v)}
          options={[
            { value: ALL, label: t('web.social.filters.any') },
            ...(formats.data?.formats ?? []).map((f) => ({ value: f.id, label: f.name })),
          ]}
        />
      </FormField>
      {format?.subformats.length ? (
        <FormField label={t('web.social.filters.subformat')}>
          <Select
            name="subformat"
            value={filters.subformatid ?? ALL}
            onValueChange={(v) => set('subformat', v === ALL ? null : v)}
            options={[
              { value: ALL, label: t('web.social.filters.any') },
              ...format.subformats.map((s) => ({ value: s.id, label: s.name })),
            ]}
          />
        </FormField>
      ) : null}
      {withTags ? (
        <FormField label={t('web.social.filters.tag')}>
          <Select
            name="tag"
            value={filters.tagid ?? ALL}
            onValueChange={(v) => set('tag', v === ALL ? null : v)}
            options={[
              { value: ALL, label: t('web.social.filters.any') },
              ...(tags.data?.tags ?? []).map((tag) => ({ value: tag.id, label: tag.name })),
            ]}
          />
        </FormField>
      ) : null}
    </fieldset>
  );
}
