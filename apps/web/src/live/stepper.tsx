import { Button } from '@companion/ui';

/** A number with − and + buttons of the given steps (negative steps left, positive right). */
export function Stepper({
  label,
  caption,
  value,
  onChange,
  steps,
}: {
  label: string;
  caption: string;
  value: number;
  onChange: (n: number) => void;
  steps: number[];
}) {
  const button = (step: number) => (
    <Button
      key={step}
      type="button"
      size="sm"
      variant="secondary"
      onClick={() => onChange(value + step)}
      aria-label={`${label} ${step < 0 ? step : `+${step}`}`}
    >
      {step < 0 ? `−${-step}` : `+${step}`}
    </Button>
  );
  return (
    <fieldset className="web-live__stepper" aria-label={label}>
      <span className="web-live__caption" aria-hidden="true">
        {caption}
      </span>
      {steps.filter((s) => s < 0).map(button)}
      <output className="web-live__value" aria-live="polite">
        {value}
      </output>
      {steps.filter((s) => s > 0).map(button)}
    </fieldset>
  );
}
