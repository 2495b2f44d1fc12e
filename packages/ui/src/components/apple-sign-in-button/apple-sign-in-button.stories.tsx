import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { AppleSignInButton, appleButtonModes, appleButtonTypes } from './apple-sign-in-button';

const meta = {
  title: 'Auth/AppleSignInButton',
  component: AppleSignInButton,
  args: { mode: 'center-align', type: 'sign-in', color: 'black', radius: 15, onClick: fn() },
  argTypes: {
    mode: { control: 'inline-radio', options: appleButtonModes },
    type: { control: 'inline-radio', options: appleButtonTypes },
    color: { control: 'inline-radio', options: ['white', 'black'] },
    radius: { control: { type: 'range', min: 0, max: 50, step: 1 } },
  },
} satisfies Meta<typeof AppleSignInButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const AllOptions: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: '0.75rem', justifyItems: 'start' }}>
      {appleButtonTypes.map((type) => (
        <div key={type} style={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap', alignItems: 'center' }}>
          {appleButtonModes.map((mode) => (
            <AppleSignInButton
              key={mode}
              {...args}
              type={type}
              mode={mode}
              color={type === 'sign-up' ? 'white' : 'black'}
            />
          ))}
        </div>
      ))}
      <div style={{ display: 'flex', gap: '0.75rem' }}>
        <AppleSignInButton {...args} radius={0} />
        <AppleSignInButton {...args} radius={50} color="white" />
      </div>
    </div>
  ),
};

export const White: Story = { args: { color: 'white', type: 'continue' } };

export const Loading: Story = { args: { loading: true } };

export const LongContent: Story = {
  args: { mode: 'left-align', type: 'continue', block: true },
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
};

export const French: Story = { parameters: { locale: 'fr-FR' }, args: { type: 'sign-up', color: 'white' } };
