import * as Tooltip from '@radix-ui/react-tooltip';
import { type ReactNode, useEffect, useRef } from 'react';

/** The bracket badge's tooltip, loaded on first hover or focus (see bracket-badge.tsx). */
export default function BracketTooltip({
  defaultOpen,
  focus,
  label,
  description,
  children,
}: {
  defaultOpen: boolean;
  /** The badge had keyboard focus when this loaded: keep it there. */
  focus: boolean;
  label: string;
  description: string;
  children: ReactNode;
}) {
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focus) trigger.current?.focus();
  }, [focus]);
  return (
    <Tooltip.Provider delayDuration={200}>
      <Tooltip.Root defaultOpen={defaultOpen}>
        <Tooltip.Trigger asChild>
          <button ref={trigger} type="button" className="cui-bracket__trigger">
            {children}
          </button>
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content className="cui-tooltip" sideOffset={6} collisionPadding={8}>
            <strong>{label}</strong>
            <span>{description}</span>
            <Tooltip.Arrow className="cui-tooltip__arrow" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
