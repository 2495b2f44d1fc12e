import {
  COLLECTION_FORMATS,
  DECKLIST_FORMATS,
  EXPORT_FORMATS,
  type ExportFile,
  type ExportFormatValue,
  exportFile,
  type ImportFormatValue,
  isOneOf,
} from '@companion/sdk';
import { Button, Select } from '@companion/ui';
import { useCallback, useState } from 'react';
import { useT } from '../../i18n/use-t';
import { errorMessage } from '../../lib/errors';
import { download } from './common';
import { exportFileName, formatName } from './format-name';

/** A format's name as players know it: the brand (`ManaBox`), or the description in their language. */
export function useFormatName(): (format: ImportFormatValue) => string {
  const t = useT();
  return useCallback((format) => formatName(t, format), [t]);
}

/** Select options for formats, named. */
export function useFormatOptions<F extends ImportFormatValue>(formats: readonly F[]) {
  const name = useFormatName();
  return formats.map((value) => ({ value, label: name(value) }));
}

/**
 * An export: the chosen format (the contract's EXPORT_FORMATS), and `run`, which fetches the file
 * through `fetchFile` and downloads it, keeping `busy` and `error` for the screen.
 */
export function useExport(fetchFile: (format: ExportFormatValue) => Promise<void>) {
  const [format, setFormat] = useState<ExportFormatValue>('companion');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      await fetchFile(format);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  const choose = (value: string) => {
    if (isOneOf(EXPORT_FORMATS, value)) setFormat(value);
  };
  return { format, choose, busy, error, run };
}

/** Saves an export under its file name (see exportFileName), in its format's media type. */
export function saveExport(name: string, format: ExportFormatValue, text: string) {
  download(exportFileName(name, format), text, exportFile(format).mediaType);
}

/** The export formats by the names players know, collection CSVs and decklists in their own groups. */
export function ExportFormatSelect({
  value,
  onChange,
  label,
}: {
  value: ExportFormatValue;
  onChange: (value: string) => void;
  /** Accessible name when the select has no visible label. */
  label?: string;
}) {
  const t = useT();
  const options = [
    { label: t('web.cards.export.group.collection'), options: useFormatOptions(COLLECTION_FORMATS) },
    { label: t('web.cards.export.group.decklist'), options: useFormatOptions(DECKLIST_FORMATS) },
  ];
  return <Select aria-label={label} value={value} onValueChange={onChange} options={options} />;
}

/** An export's failure, in the user's language. */
export function ExportError({ error }: { error: unknown }) {
  const t = useT();
  if (!error) return null;
  return (
    <p className="web-form__error" role="alert">
      {errorMessage(error, t)}
    </p>
  );
}

/** The export button's label for each kind of file. */
const SUBMIT: Readonly<Record<ExportFile['extension'], string>> = {
  csv: 'web.cards.export.submit',
  txt: 'web.cards.export.submitText',
  dek: 'web.cards.export.submitDek',
};

/** The export button, named after the file it saves (a CSV when no format is given). */
export function ExportButton({
  busy,
  onClick,
  format,
  size,
  variant = 'primary',
}: {
  busy: boolean;
  onClick: () => void;
  format?: ExportFormatValue;
  size?: 'sm';
  variant?: 'primary' | 'secondary';
}) {
  const t = useT();
  return (
    <Button variant={variant} size={size} loading={busy} onClick={onClick}>
      {t(SUBMIT[format ? exportFile(format).extension : 'csv'])}
    </Button>
  );
}
