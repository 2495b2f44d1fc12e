import { Markdown, xssCorpus } from '@companion/ui';

/** Test-only page (VITE_E2E builds): renders every hostile input of the ui package's XSS corpus. */
export function Component() {
  return (
    <div>
      <h1>Markdown XSS corpus</h1>
      <ol data-testid="xss-corpus">
        {xssCorpus.map((item, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the corpus is a fixed list
          <li key={i} data-case={i}>
            <Markdown source={item.input} />
          </li>
        ))}
      </ol>
    </div>
  );
}
