import { LIMITS } from '@companion/sdk';
import { Button, FormField, TextArea } from '@companion/ui';
import { type FormEvent, useState } from 'react';
import { useT } from '../i18n/use-t';
import type { Send } from './send';

/** A line of text on the overlay. */
export function TextPanel({ send }: { send: Send }) {
  const t = useT();
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) send({ type: 'text', text: text.trim() });
  };
  return (
    <form className="web-card web-live__panel" aria-labelledby="live-text" onSubmit={submit}>
      <h2 id="live-text">{t('web.live.text.title')}</h2>
      <FormField
        label={t('web.live.text.label')}
        hint={t('web.live.text.hint', { max: LIMITS.liveText.max })}
      >
        <TextArea
          value={text}
          maxLength={LIMITS.liveText.max}
          rows={2}
          onChange={(e) => setText(e.target.value)}
        />
      </FormField>
      <div className="web-live__row">
        <Button type="submit" variant="primary" disabled={!text.trim()}>
          {t('web.live.text.show')}
        </Button>
        <Button type="button" variant="ghost" onClick={() => send({ type: 'clear', target: 'text' })}>
          {t('web.live.hide')}
        </Button>
      </div>
    </form>
  );
}
