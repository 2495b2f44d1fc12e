import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { GoogleSignInButton } from './google-sign-in-button';

const meta = {
  title: 'Auth/GoogleSignInButton',
  component: GoogleSignInButton,
  args: { onClick: fn() },
} satisfies Meta<typeof GoogleSignInButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Variants: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: '0.75rem', justifyItems: 'start' }}>
      <GoogleSignInButton {...args} theme="outline" />
      <GoogleSignInButton {...args} theme="filled_blue" text="signup_with" />
      <GoogleSignInButton {...args} theme="filled_black" text="continue_with" shape="pill" />
      <GoogleSignInButton {...args} text="signin" size="medium" />
    </div>
  ),
};

export const Loading: Story = { args: { loading: true } };

export const LongContent: Story = {
  args: { block: true, text: 'continue_with' },
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
};

export const French: Story = {
  parameters: { locale: 'fr-FR' },
  args: { text: 'continue_with', theme: 'filled_blue' },
};
