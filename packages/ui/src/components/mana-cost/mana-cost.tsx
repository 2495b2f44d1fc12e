import '../../mana.css';
import './mana-cost.css';
import { clsx } from 'clsx';
import { Fragment } from 'react';
import { useUiIntl } from '../../i18n/use-ui-intl';
import { type ManaSymbol, tokenizeSymbols } from './mana-symbols';
import { useSymbolLabel } from './use-symbol-label';

export interface ManaCostProps {
  /** A Scryfall mana cost such as "{2}{W}{U/P}" (split cards: "{1}{R} // {3}{W}"). */
  cost: string | null | undefined;
  size?: 'sm' | 'md' | 'lg';
  /** Drop the round "cost" background (plain glyphs). */
  plain?: boolean;
  /**
   * Drawn for looks inside something already named (e.g. a card picture's fallback, hidden from
   * assistive technology): no spoken label is computed.
   */
  decorative?: boolean;
  className?: string;
}

function Glyph({ symbol, plain }: { symbol: ManaSymbol; plain: boolean | undefined }) {
  if (symbol.classes.length === 0) return <span className="cui-mana__raw">{symbol.raw}</span>;
  return <i className={clsx('ms', plain ? null : 'ms-cost', ...symbol.classes)} aria-hidden="true" />;
}

/** A mana cost drawn with mana-font, read out as words ("2 generic, white, Phyrexian blue or 2 life"). */
export function ManaCost({ cost, size = 'md', plain, decorative, className }: ManaCostProps) {
  const { t } = useUiIntl();
  const describe = useSymbolLabel();
  if (!cost) return null;
  const faces = cost.split(/\s*\/\/\s*/);
  const label = decorative
    ? undefined
    : faces
        .map((face) => {
          const symbols = tokenizeSymbols(face).filter(
            (token): token is ManaSymbol => typeof token !== 'string',
          );
          return symbols.length === 0 ? t('ui.mana.none') : symbols.map(describe).join(', ');
        })
        .join(`; ${t('ui.mana.otherHalf')} `);
  return (
    <span
      className={clsx('cui-mana-cost', className)}
      data-size={size}
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': label })}
    >
      {faces.map((face, faceIndex) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: faces of one cost never reorder
        <Fragment key={faceIndex}>
          {faceIndex > 0 ? (
            <span className="cui-mana-cost__split" aria-hidden="true">
              {'//'}
            </span>
          ) : null}
          {tokenizeSymbols(face).map((token, i) =>
            typeof token === 'string' ? null : (
              // biome-ignore lint/suspicious/noArrayIndexKey: symbols of one cost never reorder
              <Glyph key={i} symbol={token} plain={plain} />
            ),
          )}
        </Fragment>
      ))}
    </span>
  );
}
