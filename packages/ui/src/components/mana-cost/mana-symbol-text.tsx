import '../../mana.css';
import './mana-cost.css';
import { clsx } from 'clsx';
import { Fragment, type ReactNode } from 'react';
import { tokenizeSymbols } from './mana-symbols';
import { useSymbolLabel } from './use-symbol-label';

export interface ManaSymbolTextProps {
  /** Oracle text such as "{T}: Add {G}.\nFlying". */
  text: string | null | undefined;
  /** Render each line as a paragraph (default) or inline. */
  as?: 'block' | 'inline';
  /** Italicise reminder text in parentheses (default true). */
  italicReminders?: boolean;
  className?: string;
}

function renderLine(
  line: string,
  describe: ReturnType<typeof useSymbolLabel>,
  italicReminders: boolean,
): ReactNode[] {
  const nodes: ReactNode[] = [];
  tokenizeSymbols(line).forEach((token, i) => {
    if (typeof token === 'string') {
      if (!italicReminders) {
        nodes.push(token);
        return;
      }
      token.split(/(\([^)]*\))/).forEach((part, j) => {
        if (!part) return;
        nodes.push(
          part.startsWith('(') ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: pieces of one static line never reorder
            <i key={`${i}-${j}`} className="cui-oracle__reminder">
              {part}
            </i>
          ) : (
            part
          ),
        );
      });
      return;
    }
    const label = describe(token);
    nodes.push(
      token.classes.length > 0 ? (
        // biome-ignore lint/suspicious/noArrayIndexKey: symbols of one static line never reorder
        <span key={i} className="cui-oracle__symbol" role="img" aria-label={label}>
          <i className={clsx('ms', 'ms-cost', ...token.classes)} aria-hidden="true" />
        </span>
      ) : (
        // biome-ignore lint/suspicious/noArrayIndexKey: symbols of one static line never reorder
        <Fragment key={i}>{token.raw}</Fragment>
      ),
    );
  });
  return nodes;
}

/** Oracle text with mana and tap symbols drawn inline and described for screen readers. */
export function ManaSymbolText({
  text,
  as = 'block',
  italicReminders = true,
  className,
}: ManaSymbolTextProps) {
  const describe = useSymbolLabel();
  if (!text) return null;
  if (as === 'inline') {
    return (
      <span className={clsx('cui-oracle', className)}>{renderLine(text, describe, italicReminders)}</span>
    );
  }
  return (
    <div className={clsx('cui-oracle', className)}>
      {text.split('\n').map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines of one text never reorder
        <p key={i}>{renderLine(line, describe, italicReminders)}</p>
      ))}
    </div>
  );
}
