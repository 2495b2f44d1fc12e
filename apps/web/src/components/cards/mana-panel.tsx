import { ManaCost } from '@companion/ui';
import { useIntl } from 'react-intl';
import { useT } from '../../i18n/use-t';
import { COLOR_KEY } from './common';
import { type ManaCard, manaAnalysis } from './mana-analysis';

/** A colour whose share of sources trails its share of pips by more than this is flagged. */
const SHORT = 0.1;

/** Coloured pips against the lands that make each colour, and the land count against the usual. */
export function ManaPanel({ cards }: { cards: readonly ManaCard[] }) {
  const t = useT();
  const intl = useIntl();
  const { size, lands, others, usual, colors } = manaAnalysis(cards);
  if (!size) return null;
  const percent = (share: number) => intl.formatNumber(share, { style: 'percent', maximumFractionDigits: 0 });
  return (
    <section className="web-card" aria-labelledby="deck-mana-title" data-testid="deck-mana">
      <h2 id="deck-mana-title">{t('web.cards.mana.title')}</h2>
      <p>
        {t('web.cards.mana.lands', { count: lands, size, low: usual[0], high: usual[1] })}{' '}
        {others ? `${t('web.cards.mana.others', { count: others })} ` : null}
        {lands < usual[0] ? (
          <strong>{t('web.cards.mana.fewLands')}</strong>
        ) : lands > usual[1] ? (
          <strong>{t('web.cards.mana.manyLands')}</strong>
        ) : null}
      </p>
      {colors.length ? (
        <table className="web-table web-mana-table">
          <thead>
            <tr>
              <th scope="col">{t('web.cards.mana.color')}</th>
              <th scope="col">{t('web.cards.mana.pips')}</th>
              {others ? <th scope="col">{t('web.cards.mana.otherSources')}</th> : null}
              <th scope="col">{t('web.cards.mana.sources')}</th>
            </tr>
          </thead>
          <tbody>
            {colors.map((c) => (
              <tr key={c.color} data-color={c.color}>
                <th scope="row">
                  <ManaCost cost={`{${c.color}}`} size="sm" /> {t(COLOR_KEY[c.color] ?? c.color)}
                </th>
                <td>
                  {intl.formatNumber(c.pips)} <span className="web-muted">({percent(c.pipShare)})</span>
                </td>
                {others ? <td>{intl.formatNumber(c.otherSources)}</td> : null}
                <td>
                  {intl.formatNumber(c.sources)} <span className="web-muted">({percent(c.sourceShare)})</span>
                  {c.pips > 0 && c.sourceShare + SHORT < c.pipShare ? (
                    <strong className="web-mana-table__short"> {t('web.cards.mana.short')}</strong>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="web-muted">{t('web.cards.mana.none')}</p>
      )}
      <p className="web-muted">{t('web.cards.mana.note')}</p>
    </section>
  );
}
