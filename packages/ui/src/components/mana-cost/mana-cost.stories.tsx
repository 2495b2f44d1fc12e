import type { Meta, StoryObj } from '@storybook/react-vite';
import { rendersNothing } from '../../fixtures/renders-nothing';
import { ManaCost } from './mana-cost';
import { ManaSymbolText } from './mana-symbol-text';

const meta = {
  title: 'Magic/ManaCost',
  component: ManaCost,
  args: { cost: '{2}{W}{U/P}', size: 'md' },
} satisfies Meta<typeof ManaCost>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Gallery: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: '0.75rem' }}>
      {[
        '{W}{U}{B}{R}{G}{C}',
        '{X}{X}{R}',
        '{W/U}{B/R}{G/W}',
        '{2/W}{2/U}{C/G}',
        '{W/U/P}{G/P}',
        '{1}{R} // {3}{W}',
        '{15}',
        '{S}{S}',
      ].map((cost) => (
        <div key={cost} style={{ display: 'flex', gap: '1rem', alignItems: 'center' }}>
          <code style={{ minWidth: 160 }}>{cost}</code>
          <ManaCost cost={cost} size="lg" />
        </div>
      ))}
    </div>
  ),
};

export const Empty: Story = {
  name: 'Empty (lands have no cost)',
  args: { cost: '' },
  decorators: [rendersNothing('An empty cost (a land) renders nothing in the frame below.')],
};

export const OracleText: Story = {
  render: () => (
    <div style={{ maxWidth: 420 }}>
      <ManaSymbolText
        text={
          '{T}: Add {G}.\n{2}{G}, {T}, Sacrifice Sakura-Tribe Elder: Search your library for a basic land card. (Put it onto the battlefield tapped, then shuffle.)\n{W/P}: Target creature gets +1/+1 until end of turn.'
        }
      />
    </div>
  ),
};

export const LongContent: Story = {
  args: { cost: '{X}{X}{X}{W}{W}{W}{U}{U}{U}{B}{B}{B}{R}{R}{R}{G}{G}{G}{20}' },
  decorators: [(Story) => <div style={{ maxWidth: 200 }}>{Story()}</div>],
};

export const French: Story = { parameters: { locale: 'fr-FR' } };
