import '../../keyrune.css';
import './set-symbol.css';
import { clsx } from 'clsx';
import type { UiMessageId } from '../../i18n/messages';
import { useUiIntl } from '../../i18n/use-ui-intl';

export const rarities = ['common', 'uncommon', 'rare', 'mythic', 'special', 'bonus'] as const;
export type Rarity = (typeof rarities)[number];

const rarityIds: Record<Rarity, UiMessageId> = {
  common: 'ui.rarity.common',
  uncommon: 'ui.rarity.uncommon',
  rare: 'ui.rarity.rare',
  mythic: 'ui.rarity.mythic',
  special: 'ui.rarity.special',
  bonus: 'ui.rarity.bonus',
};

export interface SetSymbolProps {
  /** Scryfall set code, e.g. "dmu". Keyrune uses the same codes for almost every set. */
  code: string;
  /** Set name for the accessible label; the code is used otherwise. */
  name?: string;
  rarity?: Rarity | string;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** Keyrune's gradient rarity style (default true). */
  gradient?: boolean;
  className?: string;
}

/** The expansion symbol (keyrune) in its rarity colour, with a text label for screen readers. */
export function SetSymbol({
  code,
  name,
  rarity = 'common',
  size = 'md',
  gradient = true,
  className,
}: SetSymbolProps) {
  const { t } = useUiIntl();
  const safeCode = code.toLowerCase().replace(/[^a-z0-9]/g, '');
  const known = (rarities as readonly string[]).includes(rarity) ? (rarity as Rarity) : 'common';
  const keyruneRarity = known === 'special' || known === 'bonus' ? 'timeshifted' : known;
  const label = t('ui.setSymbol.label', { set: name ?? code.toUpperCase(), rarity: t(rarityIds[known]) });
  return (
    <span
      className={clsx('cui-set-symbol', className)}
      data-size={size}
      data-rarity={known}
      role="img"
      aria-label={label}
    >
      <i
        className={clsx(
          'ss',
          `ss-${safeCode}`,
          `ss-${keyruneRarity}`,
          gradient && known !== 'common' && 'ss-grad',
          'ss-fw',
        )}
        aria-hidden="true"
      />
    </span>
  );
}
