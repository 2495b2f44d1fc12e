import { useCallback } from 'react';
import { useUiIntl } from '../../i18n/use-ui-intl';
import { colorIds, type ManaSymbol } from './mana-symbols';

/** Returns a function describing a symbol in words ("Phyrexian blue or 2 life"). */
export function useSymbolLabel() {
  const { t } = useUiIntl();
  return useCallback(
    (symbol: ManaSymbol): string => {
      const colorName = (part: string) => {
        if (part === '2') return t('ui.mana.generic', { count: 2 });
        const id = colorIds[part];
        return id ? t(id) : part;
      };
      const label = symbol.label;
      switch (label.kind) {
        case 'color':
          return colorName(symbol.parts[0] ?? '');
        case 'halfColor':
          return t('ui.mana.halfColor', { color: colorName(symbol.parts[0] ?? '') });
        case 'hybrid':
          return symbol.parts.map(colorName).join(` ${t('ui.mana.or')} `);
        case 'phyrexian':
          return t('ui.mana.phyrexian', { color: symbol.parts.map(colorName).join(` ${t('ui.mana.or')} `) });
        default:
          return t(label.id, label.values);
      }
    },
    [t],
  );
}
