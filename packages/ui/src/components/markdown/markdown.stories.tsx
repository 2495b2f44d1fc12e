import type { Meta, StoryObj } from '@storybook/react-vite';
import { rendersNothing } from '../../fixtures/renders-nothing';
import { Markdown } from './markdown';

const notes = `## Game notes

Turn 4: **Sol Ring** into *Arcane Signet*.
Turn 6: Thassa’s Oracle — ~~fizzled~~ resolved.

- [x] Record the winner
- [ ] Update the leaderboard

| Player | Commander | Result |
|---|---|---|
| Chandra | Krenko, Mob Boss | 1st |
| Jace | Talrand, Sky Summoner | 2nd |

> Rematch next Friday at https://example.com/playgroups/42

Press <kbd>Ctrl</kbd> + <kbd>K</kbd> to search. <details><summary>Spoiler</summary>The archenemy won.</details>`;

const meta = {
  title: 'Content/Markdown',
  component: Markdown,
  args: { source: notes },
  decorators: [(Story) => <div style={{ maxWidth: 640 }}>{Story()}</div>],
} satisfies Meta<typeof Markdown>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Empty: Story = {
  args: { source: '' },
  decorators: [rendersNothing('An empty source renders nothing in the frame below.')],
};

export const Hostile: Story = {
  args: {
    source:
      'Safe text <script>alert(1)</script> <img src=x onerror=alert(1) alt="broken"> [click me](javascript:alert(1)) <a href="https://example.com" onclick="alert(1)">example</a>',
  },
};

export const Error: Story = {
  name: 'Error (nesting limit)',
  args: { source: `${'>'.repeat(120)} too deep` },
};

export const LongContent: Story = {
  args: {
    source: Array.from(
      { length: 12 },
      (_, i) => `### Game ${i + 1}\n${notes.split('\n').slice(2, 4).join('\n')}`,
    ).join('\n\n'),
  },
};

export const French: Story = {
  parameters: { locale: 'fr-FR' },
  args: { source: `| a |\n|---|\n${'| x |\n'.repeat(3)}\n\n${'>'.repeat(120)} trop profond` },
};
