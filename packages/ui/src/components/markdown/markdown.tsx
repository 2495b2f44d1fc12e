import './markdown.css';
import { clsx } from 'clsx';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import { useMemo } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { useUiIntl } from '../../i18n/use-ui-intl';
import { renderMarkdown } from './render-markdown';

export interface MarkdownProps {
  /** Markdown source; raw HTML is allowed and sanitised. */
  source: string;
  className?: string;
}

/**
 * Renders user Markdown safely (spec §1, §5): GFM with autolinks, line breaks as <br>, raw HTML
 * sanitised, dangerous URL schemes removed, nesting ≤ 100 and tables ≤ 65,536 cells.
 */
export function Markdown({ source, className }: MarkdownProps) {
  const { t, intl } = useUiIntl();
  const result = useMemo(() => renderMarkdown(source), [source]);
  const content = useMemo(
    () => (result.ok ? toJsxRuntime(result.tree, { Fragment, jsx, jsxs, passKeys: true }) : null),
    [result],
  );
  if (!result.ok) {
    return (
      <div className={clsx('cui-markdown', className)}>
        <p className="cui-markdown__notice" role="note">
          {result.reason === 'too-deep'
            ? t('ui.markdown.tooDeep', { limit: result.limit })
            : t('ui.markdown.tableTooLarge', { limit: intl.formatNumber(result.limit) })}
        </p>
      </div>
    );
  }
  return <div className={clsx('cui-markdown', className)}>{content}</div>;
}
